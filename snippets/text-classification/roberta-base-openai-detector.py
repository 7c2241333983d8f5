def run(text: str = '', model: str = 'roberta-base-openai-detector', device: str = "cpu"):
    'text-classification with roberta-base-openai-detector.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
