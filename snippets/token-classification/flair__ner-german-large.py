def run(text: str = '', model: str = 'flair/ner-german-large', device: str = "cpu"):
    'token-classification with flair/ner-german-large.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
