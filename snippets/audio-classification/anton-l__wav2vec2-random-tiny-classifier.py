def run(audio: str = '', model: str = 'anton-l/wav2vec2-random-tiny-classifier', device: str = "cpu"):
    'audio-classification with anton-l/wav2vec2-random-tiny-classifier.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
