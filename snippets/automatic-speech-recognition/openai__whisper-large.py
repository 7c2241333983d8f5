def run(audio: str = '', model: str = 'openai/whisper-large', device: str = "cpu"):
    'automatic-speech-recognition with openai/whisper-large.'
    from transformers import pipeline

    runner = pipeline('automatic-speech-recognition', model=model, device=device)
    return runner(audio)
