def run(text: str = '', model: str = 'bhadresh-savani/bert-base-go-emotion', device: str = "cpu"):
    'text-classification with bhadresh-savani/bert-base-go-emotion.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
