def run(text: str = '', model: str = 'espnet/kan-bayashi_ljspeech_tacotron2', device: str = "cpu"):
    'text-to-speech with espnet/kan-bayashi_ljspeech_tacotron2.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
