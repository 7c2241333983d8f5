def run(text: str = '', model: str = 'jplu/tf-xlm-r-ner-40-lang', device: str = "cpu"):
    'token-classification with jplu/tf-xlm-r-ner-40-lang.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
