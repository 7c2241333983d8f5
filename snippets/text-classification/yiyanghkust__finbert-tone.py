def run(text: str = '', model: str = 'yiyanghkust/finbert-tone', device: str = "cpu"):
    'text-classification with yiyanghkust/finbert-tone.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
