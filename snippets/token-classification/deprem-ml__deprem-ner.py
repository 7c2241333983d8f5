def run(text: str = '', model: str = 'deprem-ml/deprem-ner', device: str = "cpu"):
    'token-classification with deprem-ml/deprem-ner.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
