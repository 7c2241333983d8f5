def run(text: str = '', model: str = 'facebook/blenderbot-3B', device: str = "cpu"):
    'conversational with facebook/blenderbot-3B.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
