def run(text: str = '', model: str = 'zl111/ChatDoctor', device: str = "cpu"):
    'conversational with zl111/ChatDoctor.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
