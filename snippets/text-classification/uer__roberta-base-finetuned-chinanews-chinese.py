def run(text: str = '', model: str = 'uer/roberta-base-finetuned-chinanews-chinese', device: str = "cpu"):
    'text-classification with uer/roberta-base-finetuned-chinanews-chinese.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
