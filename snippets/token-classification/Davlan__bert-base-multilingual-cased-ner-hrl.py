def run(text: str = '', model: str = 'Davlan/bert-base-multilingual-cased-ner-hrl', device: str = "cpu"):
    'token-classification with Davlan/bert-base-multilingual-cased-ner-hrl.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
