def run(text: str = '', model: str = 'facebook/nllb-200-3.3B', device: str = "cpu"):
    'translation with facebook/nllb-200-3.3B.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
