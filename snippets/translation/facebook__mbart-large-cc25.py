def run(text: str = '', model: str = 'facebook/mbart-large-cc25', device: str = "cpu"):
    'translation with facebook/mbart-large-cc25.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
