def run(audio: str = '', model: str = 'openai/whisper-tiny.en', device: str = "cpu"):
    'automatic-speech-recognition with openai/whisper-tiny.en.'
    from transformers import pipeline

    runner = pipeline('automatic-speech-recognition', model=model, device=device)
    return runner(audio)
