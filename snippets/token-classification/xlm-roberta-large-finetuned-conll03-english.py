def run(text: str = '', model: str = 'xlm-roberta-large-finetuned-conll03-english', device: str = "cpu"):
    'token-classification with xlm-roberta-large-finetuned-conll03-english.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
