def run(text: str = '', model: str = 'mrm8488/distilroberta-finetuned-financial-news-sentiment-analysis', device: str = "cpu"):
    'text-classification with mrm8488/distilroberta-finetuned-financial-news-sentiment-analysis.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
