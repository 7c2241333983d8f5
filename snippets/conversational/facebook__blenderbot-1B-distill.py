def run(text: str = '', model: str = 'facebook/blenderbot-1B-distill', device: str = "cpu"):
    'conversational with facebook/blenderbot-1B-distill.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
