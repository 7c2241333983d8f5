def run(text: str = '', model: str = 'sberbank-ai/mGPT', device: str = "cpu"):
    'text-generation with sberbank-ai/mGPT.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
