def run(text: str = '', model: str = 'hyunwoongko/blenderbot-9B', device: str = "cpu"):
    'conversational with hyunwoongko/blenderbot-9B.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
