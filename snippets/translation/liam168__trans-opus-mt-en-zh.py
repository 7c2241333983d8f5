def run(text: str = '', model: str = 'liam168/trans-opus-mt-en-zh', device: str = "cpu"):
    'translation with liam168/trans-opus-mt-en-zh.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
