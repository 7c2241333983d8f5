def run(text: str = '', model: str = 'deepparag/Aeona', device: str = "cpu"):
    'conversational with deepparag/Aeona.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
