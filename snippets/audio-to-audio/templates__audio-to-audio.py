def run(audio: str = '', model: str = 'templates/audio-to-audio', device: str = "cpu"):
    """audio-to-audio with templates/audio-to-audio."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
