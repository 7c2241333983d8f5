def run(audio: str = '', model: str = 'openai/whisper-small', device: str = "cpu"):
    'automatic-speech-recognition with openai/whisper-small.'
    from transformers import pipeline

    runner = pipeline('automatic-speech-recognition', model=model, device=device)
    return runner(audio)
