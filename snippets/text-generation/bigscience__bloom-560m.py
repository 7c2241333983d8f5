def run(text: str = '', model: str = 'bigscience/bloom-560m', device: str = "cpu"):
    'text-generation with bigscience/bloom-560m.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
