def run(text: str = '', model: str = 'Babelscape/wikineural-multilingual-ner', device: str = "cpu"):
    'token-classification with Babelscape/wikineural-multilingual-ner.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
