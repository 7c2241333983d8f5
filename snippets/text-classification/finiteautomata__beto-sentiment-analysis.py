def run(text: str = '', model: str = 'finiteautomata/beto-sentiment-analysis', device: str = "cpu"):
    'text-classification with finiteautomata/beto-sentiment-analysis.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
