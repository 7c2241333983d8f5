def run(audio: str = '', model: str = 'speechbrain/sepformer-whamr16k', device: str = "cpu"):
    """audio-to-audio with speechbrain/sepformer-whamr16k."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
