def run(text: str = '', model: str = 'gpt2-xl', device: str = "cpu"):
    'text-generation with gpt2-xl.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
