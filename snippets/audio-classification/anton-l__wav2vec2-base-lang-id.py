def run(audio: str = '', model: str = 'anton-l/wav2vec2-base-lang-id', device: str = "cpu"):
    'audio-classification with anton-l/wav2vec2-base-lang-id.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
