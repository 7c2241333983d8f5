def run(text: str = '', model: str = 'j-hartmann/emotion-english-distilroberta-base', device: str = "cpu"):
    'text-classification with j-hartmann/emotion-english-distilroberta-base.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
