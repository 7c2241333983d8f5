def run(text: str = '', model: str = 'Voicemod/fastspeech2-en-male1', device: str = "cpu"):
    'text-to-speech with Voicemod/fastspeech2-en-male1.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
