def run(text: str = '', model: str = 'joeddav/distilbert-base-uncased-go-emotions-student', device: str = "cpu"):
    'text-classification with joeddav/distilbert-base-uncased-go-emotions-student.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
