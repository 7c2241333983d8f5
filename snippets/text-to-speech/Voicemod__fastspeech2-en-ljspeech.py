def run(text: str = '', model: str = 'Voicemod/fastspeech2-en-ljspeech', device: str = "cpu"):
    'text-to-speech with Voicemod/fastspeech2-en-ljspeech.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
