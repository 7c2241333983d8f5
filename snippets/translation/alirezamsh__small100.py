def run(text: str = '', model: str = 'alirezamsh/small100', device: str = "cpu"):
    'translation with alirezamsh/small100.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
