def run(audio: str = '', model: str = 'facebook/textless_sm_it_fr', device: str = "cpu"):
    """audio-to-audio with facebook/textless_sm_it_fr."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
