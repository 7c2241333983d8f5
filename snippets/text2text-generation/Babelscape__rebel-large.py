def run(text: str = '', model: str = 'Babelscape/rebel-large', device: str = "cpu"):
    'text2text-generation with Babelscape/rebel-large.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
