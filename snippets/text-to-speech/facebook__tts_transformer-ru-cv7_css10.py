def run(text: str = '', model: str = 'facebook/tts_transformer-ru-cv7_css10', device: str = "cpu"):
    'text-to-speech with facebook/tts_transformer-ru-cv7_css10.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
