def run(text: str = '', model: str = 'nlptown/bert-base-multilingual-uncased-sentiment', device: str = "cpu"):
    'text-classification with nlptown/bert-base-multilingual-uncased-sentiment.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
