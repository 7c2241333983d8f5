def run(text: str = '', model: str = 'elastic/distilbert-base-uncased-finetuned-conll03-english', device: str = "cpu"):
    'token-classification with elastic/distilbert-base-uncased-finetuned-conll03-english.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
