def run(text: str = '', model: str = 'mio/Artoria', device: str = "cpu"):
    'text-to-speech with mio/Artoria.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
