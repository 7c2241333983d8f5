def run(text: str = '', model: str = 'mrm8488/bert-spanish-cased-finetuned-ner', device: str = "cpu"):
    'token-classification with mrm8488/bert-spanish-cased-finetuned-ner.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
