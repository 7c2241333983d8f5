def run(text: str = '', model: str = 'balacoon/tts', device: str = "cpu"):
    'text-to-speech with balacoon/tts.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
