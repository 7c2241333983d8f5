def run(audio: str = '', model: str = 'speechbrain/lang-id-commonlanguage_ecapa', device: str = "cpu"):
    'audio-classification with speechbrain/lang-id-commonlanguage_ecapa.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
