def run(audio: str = '', model: str = 'mpariente/DPRNNTasNet-ks2_WHAM_sepclean', device: str = "cpu"):
    """audio-to-audio with mpariente/DPRNNTasNet-ks2_WHAM_sepclean."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
