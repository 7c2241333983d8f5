def run(text: str = '', model: str = 'decapoda-research/llama-7b-hf', device: str = "cpu"):
    'text-generation with decapoda-research/llama-7b-hf.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
