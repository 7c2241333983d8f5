def run(audio: str = '', model: str = 'speechbrain/urbansound8k_ecapa', device: str = "cpu"):
    'audio-classification with speechbrain/urbansound8k_ecapa.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
