def run(audio: str = '', model: str = 'speechbrain/sepformer-whamr-enhancement', device: str = "cpu"):
    """audio-to-audio with speechbrain/sepformer-whamr-enhancement."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
