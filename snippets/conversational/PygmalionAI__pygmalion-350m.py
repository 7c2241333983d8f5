def run(text: str = '', model: str = 'PygmalionAI/pygmalion-350m', device: str = "cpu"):
    'conversational with PygmalionAI/pygmalion-350m.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
