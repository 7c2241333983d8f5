def run(text: str = '', model: str = 'google/mt5-base', device: str = "cpu"):
    'text2text-generation with google/mt5-base.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
