def run(text: str = '', model: str = 'papluca/xlm-roberta-base-language-detection', device: str = "cpu"):
    'text-classification with papluca/xlm-roberta-base-language-detection.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
