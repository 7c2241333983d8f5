def run(text: str = '', model: str = 'ProsusAI/finbert', device: str = "cpu"):
    'text-classification with ProsusAI/finbert.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
