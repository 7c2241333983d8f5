def run(text: str = '', model: str = 'speechbrain/tts-tacotron2-ljspeech', device: str = "cpu"):
    'text-to-speech with speechbrain/tts-tacotron2-ljspeech.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
