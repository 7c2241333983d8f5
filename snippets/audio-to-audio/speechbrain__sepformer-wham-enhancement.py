def run(audio: str = '', model: str = 'speechbrain/sepformer-wham-enhancement', device: str = "cpu"):
    """audio-to-audio with speechbrain/sepformer-wham-enhancement."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
