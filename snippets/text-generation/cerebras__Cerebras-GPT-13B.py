def run(text: str = '', model: str = 'cerebras/Cerebras-GPT-13B', device: str = "cpu"):
    'text-generation with cerebras/Cerebras-GPT-13B.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
