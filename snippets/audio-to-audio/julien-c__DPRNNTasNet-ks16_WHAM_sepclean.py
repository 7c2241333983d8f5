def run(audio: str = '', model: str = 'julien-c/DPRNNTasNet-ks16_WHAM_sepclean', device: str = "cpu"):
    """audio-to-audio with julien-c/DPRNNTasNet-ks16_WHAM_sepclean."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
