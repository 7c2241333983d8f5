def run(text: str = '', model: str = 'StanfordAIMI/stanford-deidentifier-base', device: str = "cpu"):
    'token-classification with StanfordAIMI/stanford-deidentifier-base.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
