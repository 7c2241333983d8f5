def run(audio: str = '', model: str = 'speechbrain/sepformer-wsj02mix', device: str = "cpu"):
    """audio-to-audio with speechbrain/sepformer-wsj02mix."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
