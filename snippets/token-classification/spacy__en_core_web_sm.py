def run(text: str = '', model: str = 'spacy/en_core_web_sm', device: str = "cpu"):
    'token-classification with spacy/en_core_web_sm.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
