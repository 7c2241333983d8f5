def run(text: str = '', model: str = 'vennify/t5-base-grammar-correction', device: str = "cpu"):
    'text2text-generation with vennify/t5-base-grammar-correction.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
