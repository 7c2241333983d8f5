def run(text: str = '', model: str = 'speechbrain/tts-hifigan-ljspeech', device: str = "cpu"):
    'text-to-speech with speechbrain/tts-hifigan-ljspeech.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
