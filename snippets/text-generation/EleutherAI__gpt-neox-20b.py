def run(text: str = '', model: str = 'EleutherAI/gpt-neox-20b', device: str = "cpu"):
    'text-generation with EleutherAI/gpt-neox-20b.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
