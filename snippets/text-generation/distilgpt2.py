def run(text: str = '', model: str = 'distilgpt2', device: str = "cpu"):
    'text-generation with distilgpt2.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
