def run(text: str = '', model: str = 'EleutherAI/gpt-j-6B', device: str = "cpu"):
    'text-generation with EleutherAI/gpt-j-6B.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
