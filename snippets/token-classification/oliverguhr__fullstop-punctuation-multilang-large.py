def run(text: str = '', model: str = 'oliverguhr/fullstop-punctuation-multilang-large', device: str = "cpu"):
    'token-classification with oliverguhr/fullstop-punctuation-multilang-large.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
