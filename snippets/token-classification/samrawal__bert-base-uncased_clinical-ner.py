def run(text: str = '', model: str = 'samrawal/bert-base-uncased_clinical-ner', device: str = "cpu"):
    'token-classification with samrawal/bert-base-uncased_clinical-ner.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
