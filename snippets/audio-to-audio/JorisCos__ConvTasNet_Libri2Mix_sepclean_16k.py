def run(audio: str = '', model: str = 'JorisCos/ConvTasNet_Libri2Mix_sepclean_16k', device: str = "cpu"):
    """audio-to-audio with JorisCos/ConvTasNet_Libri2Mix_sepclean_16k."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
