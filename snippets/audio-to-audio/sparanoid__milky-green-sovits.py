def run(audio: str = '', model: str = 'sparanoid/milky-green-sovits', device: str = "cpu"):
    """audio-to-audio with sparanoid/milky-green-sovits."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
