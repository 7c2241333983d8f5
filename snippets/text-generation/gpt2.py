def run(text: str = '', model: str = 'gpt2', device: str = "cpu"):
    'text-generation with gpt2.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
