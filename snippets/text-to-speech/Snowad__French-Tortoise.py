def run(text: str = '', model: str = 'Snowad/French-Tortoise', device: str = "cpu"):
    'text-to-speech with Snowad/French-Tortoise.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
