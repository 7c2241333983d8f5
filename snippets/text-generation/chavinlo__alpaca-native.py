def run(text: str = '', model: str = 'chavinlo/alpaca-native', device: str = "cpu"):
    'text-generation with chavinlo/alpaca-native.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
