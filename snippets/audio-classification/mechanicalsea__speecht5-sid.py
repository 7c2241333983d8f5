def run(audio: str = '', model: str = 'mechanicalsea/speecht5-sid', device: str = "cpu"):
    'audio-classification with mechanicalsea/speecht5-sid.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
