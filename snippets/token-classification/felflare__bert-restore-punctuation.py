def run(text: str = '', model: str = 'felflare/bert-restore-punctuation', device: str = "cpu"):
    'token-classification with felflare/bert-restore-punctuation.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
