def run(audio: str = '', model: str = 'superb/wav2vec2-base-superb-sid', device: str = "cpu"):
    'audio-classification with superb/wav2vec2-base-superb-sid.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
