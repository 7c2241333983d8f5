def run(text: str = '', model: str = 'yanekyuk/bert-uncased-keyword-extractor', device: str = "cpu"):
    'token-classification with yanekyuk/bert-uncased-keyword-extractor.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
