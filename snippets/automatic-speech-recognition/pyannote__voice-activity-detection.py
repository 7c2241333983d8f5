def run(audio: str = '', model: str = 'pyannote/voice-activity-detection', device: str = "cpu"):
    'automatic-speech-recognition with pyannote/voice-activity-detection.'
    from transformers import pipeline

    runner = pipeline('automatic-speech-recognition', model=model, device=device)
    return runner(audio)
