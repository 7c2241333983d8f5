def run(audio: str = '', model: str = 'popcornell/FasNetTAC-paper', device: str = "cpu"):
    """audio-to-audio with popcornell/FasNetTAC-paper."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
