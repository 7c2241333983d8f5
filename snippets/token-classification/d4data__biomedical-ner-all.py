def run(text: str = '', model: str = 'd4data/biomedical-ner-all', device: str = "cpu"):
    'token-classification with d4data/biomedical-ner-all.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
