def run(text: str = '', model: str = 'flair/ner-english-ontonotes-large', device: str = "cpu"):
    'token-classification with flair/ner-english-ontonotes-large.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
