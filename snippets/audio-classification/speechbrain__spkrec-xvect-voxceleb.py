def run(audio: str = '', model: str = 'speechbrain/spkrec-xvect-voxceleb', device: str = "cpu"):
    'audio-classification with speechbrain/spkrec-xvect-voxceleb.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
