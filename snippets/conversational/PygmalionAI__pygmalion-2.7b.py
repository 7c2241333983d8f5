def run(text: str = '', model: str = 'PygmalionAI/pygmalion-2.7b', device: str = "cpu"):
    'conversational with PygmalionAI/pygmalion-2.7b.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
