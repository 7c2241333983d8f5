def run(text: str = '', model: str = 'cmarkea/distilcamembert-base-ner', device: str = "cpu"):
    'token-classification with cmarkea/distilcamembert-base-ner.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
