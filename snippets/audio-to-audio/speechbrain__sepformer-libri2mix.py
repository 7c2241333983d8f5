def run(audio: str = '', model: str = 'speechbrain/sepformer-libri2mix', device: str = "cpu"):
    """audio-to-audio with speechbrain/sepformer-libri2mix."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
