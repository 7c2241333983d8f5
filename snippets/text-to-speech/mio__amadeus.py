def run(text: str = '', model: str = 'mio/amadeus', device: str = "cpu"):
    'text-to-speech with mio/amadeus.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
