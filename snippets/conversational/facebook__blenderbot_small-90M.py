def run(text: str = '', model: str = 'facebook/blenderbot_small-90M', device: str = "cpu"):
    'conversational with facebook/blenderbot_small-90M.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
