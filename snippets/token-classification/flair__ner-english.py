def run(text: str = '', model: str = 'flair/ner-english', device: str = "cpu"):
    'token-classification with flair/ner-english.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
