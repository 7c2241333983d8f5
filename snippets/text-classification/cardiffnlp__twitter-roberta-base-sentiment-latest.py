def run(text: str = '', model: str = 'cardiffnlp/twitter-roberta-base-sentiment-latest', device: str = "cpu"):
    'text-classification with cardiffnlp/twitter-roberta-base-sentiment-latest.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
