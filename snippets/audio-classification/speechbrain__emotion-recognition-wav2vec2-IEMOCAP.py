def run(audio: str = '', model: str = 'speechbrain/emotion-recognition-wav2vec2-IEMOCAP', device: str = "cpu"):
    'audio-classification with speechbrain/emotion-recognition-wav2vec2-IEMOCAP.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
