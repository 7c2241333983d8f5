def run(text: str = '', model: str = 'espnet/english_male_ryanspeech_fastspeech2', device: str = "cpu"):
    'text-to-speech with espnet/english_male_ryanspeech_fastspeech2.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
