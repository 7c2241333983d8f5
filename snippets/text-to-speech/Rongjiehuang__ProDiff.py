def run(text: str = '', model: str = 'Rongjiehuang/ProDiff', device: str = "cpu"):
    'text-to-speech with Rongjiehuang/ProDiff.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
