def run(text: str = '', model: str = 'microsoft/DialoGPT-small', device: str = "cpu"):
    'conversational with microsoft/DialoGPT-small.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
