def run(text: str = '', model: str = 'espnet/kan-bayashi_ljspeech_vits', device: str = "cpu"):
    'text-to-speech with espnet/kan-bayashi_ljspeech_vits.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
