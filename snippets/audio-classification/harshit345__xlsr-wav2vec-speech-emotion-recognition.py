def run(audio: str = '', model: str = 'harshit345/xlsr-wav2vec-speech-emotion-recognition', device: str = "cpu"):
    'audio-classification with harshit345/xlsr-wav2vec-speech-emotion-recognition.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
