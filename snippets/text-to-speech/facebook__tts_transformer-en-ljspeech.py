def run(text: str = '', model: str = 'facebook/tts_transformer-en-ljspeech', device: str = "cpu"):
    'text-to-speech with facebook/tts_transformer-en-ljspeech.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
