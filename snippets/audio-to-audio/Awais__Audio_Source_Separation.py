def run(audio: str = '', model: str = 'Awais/Audio_Source_Separation', device: str = "cpu"):
    """audio-to-audio with Awais/Audio_Source_Separation."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
