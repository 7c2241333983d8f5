def run(text: str = '', model: str = 'dslim/bert-large-NER', device: str = "cpu"):
    'token-classification with dslim/bert-large-NER.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
