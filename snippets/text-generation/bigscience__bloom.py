def run(text: str = '', model: str = 'bigscience/bloom', device: str = "cpu"):
    'text-generation with bigscience/bloom.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
