def run(audio: str = '', model: str = 'speechbrain/sepformer-wham16k-enhancement', device: str = "cpu"):
    """audio-to-audio with speechbrain/sepformer-wham16k-enhancement."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
