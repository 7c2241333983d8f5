def run(text: str = '', model: str = 'vblagoje/bert-english-uncased-finetuned-pos', device: str = "cpu"):
    'token-classification with vblagoje/bert-english-uncased-finetuned-pos.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
