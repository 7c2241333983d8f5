def run(audio: str = '', model: str = 'Talha/urdu-audio-emotions', device: str = "cpu"):
    'audio-classification with Talha/urdu-audio-emotions.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
