def run(text: str = '', model: str = 'hivemind/gpt-j-6B-8bit', device: str = "cpu"):
    'text-generation with hivemind/gpt-j-6B-8bit.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
