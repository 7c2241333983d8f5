def run(text: str = '', model: str = 'unitary/toxic-bert', device: str = "cpu"):
    'text-classification with unitary/toxic-bert.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
