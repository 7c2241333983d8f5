def run(text: str = '', model: str = 'Jean-Baptiste/roberta-large-ner-english', device: str = "cpu"):
    'token-classification with Jean-Baptiste/roberta-large-ner-english.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
