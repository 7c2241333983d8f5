def run(audio: str = '', model: str = 'cankeles/DPTNet_WHAMR_enhsingle_16k', device: str = "cpu"):
    """audio-to-audio with cankeles/DPTNet_WHAMR_enhsingle_16k."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
