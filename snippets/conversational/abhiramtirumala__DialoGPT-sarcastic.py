def run(text: str = '', model: str = 'abhiramtirumala/DialoGPT-sarcastic', device: str = "cpu"):
    'conversational with abhiramtirumala/DialoGPT-sarcastic.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
