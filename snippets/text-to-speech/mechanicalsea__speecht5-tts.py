def run(text: str = '', model: str = 'mechanicalsea/speecht5-tts', device: str = "cpu"):
    'text-to-speech with mechanicalsea/speecht5-tts.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
