def run(audio: str = '', model: str = 'bookbot/wav2vec2-adult-child-cls', device: str = "cpu"):
    'audio-classification with bookbot/wav2vec2-adult-child-cls.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
