def run(text: str = '', model: str = 'fnlp/bart-base-chinese', device: str = "cpu"):
    'text2text-generation with fnlp/bart-base-chinese.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
