def run(audio: str = '', model: str = 'pyannote/speaker-diarization', device: str = "cpu"):
    'automatic-speech-recognition with pyannote/speaker-diarization.'
    from transformers import pipeline

    runner = pipeline('automatic-speech-recognition', model=model, device=device)
    return runner(audio)
