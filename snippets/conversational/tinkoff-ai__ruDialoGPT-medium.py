def run(text: str = '', model: str = 'tinkoff-ai/ruDialoGPT-medium', device: str = "cpu"):
    'conversational with tinkoff-ai/ruDialoGPT-medium.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
