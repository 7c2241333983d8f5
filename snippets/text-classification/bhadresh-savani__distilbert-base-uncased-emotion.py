def run(text: str = '', model: str = 'bhadresh-savani/distilbert-base-uncased-emotion', device: str = "cpu"):
    'text-classification with bhadresh-savani/distilbert-base-uncased-emotion.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
