def run(audio: str = '', model: str = 'speechbrain/sepformer-whamr', device: str = "cpu"):
    """audio-to-audio with speechbrain/sepformer-whamr."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
