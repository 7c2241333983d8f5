def run(text: str = '', model: str = 'rhasspy/piper-voices', device: str = "cpu"):
    'text-to-speech with rhasspy/piper-voices.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
