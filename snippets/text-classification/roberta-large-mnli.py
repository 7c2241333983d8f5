def run(text: str = '', model: str = 'roberta-large-mnli', device: str = "cpu"):
    'text-classification with roberta-large-mnli.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
