def run(audio: str = '', model: str = 'JorisCos/DCCRNet_Libri1Mix_enhsingle_16k', device: str = "cpu"):
    """audio-to-audio with JorisCos/DCCRNet_Libri1Mix_enhsingle_16k."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
