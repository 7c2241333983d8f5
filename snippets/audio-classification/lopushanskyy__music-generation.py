def run(audio: str = '', model: str = 'lopushanskyy/music-generation', device: str = "cpu"):
    'audio-classification with lopushanskyy/music-generation.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
