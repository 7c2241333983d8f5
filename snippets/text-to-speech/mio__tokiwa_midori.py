def run(text: str = '', model: str = 'mio/tokiwa_midori', device: str = "cpu"):
    'text-to-speech with mio/tokiwa_midori.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
