def run(audio: str = '', model: str = 'superb/hubert-large-superb-er', device: str = "cpu"):
    'audio-classification with superb/hubert-large-superb-er.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
