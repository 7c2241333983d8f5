def run(text: str = '', model: str = 'finiteautomata/bertweet-base-sentiment-analysis', device: str = "cpu"):
    'text-classification with finiteautomata/bertweet-base-sentiment-analysis.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
