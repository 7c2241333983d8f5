def run(text: str = '', model: str = 'IDEA-CCNL/Erlangshen-Roberta-110M-Sentiment', device: str = "cpu"):
    'text-classification with IDEA-CCNL/Erlangshen-Roberta-110M-Sentiment.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
