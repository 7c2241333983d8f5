def run(text: str = '', model: str = 'pszemraj/flan-t5-large-grammar-synthesis', device: str = "cpu"):
    'text2text-generation with pszemraj/flan-t5-large-grammar-synthesis.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
