def run(text: str = '', model: str = 'decapoda-research/llama-65b-hf', device: str = "cpu"):
    'text-generation with decapoda-research/llama-65b-hf.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
