def run(text: str = '', model: str = 'gorkemgoknar/gpt2chatbotenglish', device: str = "cpu"):
    'conversational with gorkemgoknar/gpt2chatbotenglish.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
