def run(audio: str = '', model: str = 'speechbrain/metricgan-plus-voicebank', device: str = "cpu"):
    """audio-to-audio with speechbrain/metricgan-plus-voicebank."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
