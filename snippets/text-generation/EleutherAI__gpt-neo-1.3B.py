def run(text: str = '', model: str = 'EleutherAI/gpt-neo-1.3B', device: str = "cpu"):
    'text-generation with EleutherAI/gpt-neo-1.3B.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
