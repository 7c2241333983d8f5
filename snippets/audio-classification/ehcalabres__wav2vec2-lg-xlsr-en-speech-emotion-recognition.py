def run(audio: str = '', model: str = 'ehcalabres/wav2vec2-lg-xlsr-en-speech-emotion-recognition', device: str = "cpu"):
    'audio-classification with ehcalabres/wav2vec2-lg-xlsr-en-speech-emotion-recognition.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
