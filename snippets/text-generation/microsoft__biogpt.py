def run(text: str = '', model: str = 'microsoft/biogpt', device: str = "cpu"):
    'text-generation with microsoft/biogpt.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
