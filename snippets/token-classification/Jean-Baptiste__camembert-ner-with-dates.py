def run(text: str = '', model: str = 'Jean-Baptiste/camembert-ner-with-dates', device: str = "cpu"):
    'token-classification with Jean-Baptiste/camembert-ner-with-dates.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
