def run(text: str = '', model: str = 'siebert/sentiment-roberta-large-english', device: str = "cpu"):
    'text-classification with siebert/sentiment-roberta-large-english.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
