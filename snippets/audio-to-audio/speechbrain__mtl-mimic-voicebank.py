def run(audio: str = '', model: str = 'speechbrain/mtl-mimic-voicebank', device: str = "cpu"):
    """audio-to-audio with speechbrain/mtl-mimic-voicebank."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
