def run(text: str = '', model: str = 'cardiffnlp/twitter-xlm-roberta-base-sentiment', device: str = "cpu"):
    'text-classification with cardiffnlp/twitter-xlm-roberta-base-sentiment.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
