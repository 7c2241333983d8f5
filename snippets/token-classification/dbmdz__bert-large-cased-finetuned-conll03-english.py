def run(text: str = '', model: str = 'dbmdz/bert-large-cased-finetuned-conll03-english', device: str = "cpu"):
    'token-classification with dbmdz/bert-large-cased-finetuned-conll03-english.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
