def run(audio: str = '', model: str = 'facebook/wav2vec2-large-robust-ft-swbd-300h', device: str = "cpu"):
    'automatic-speech-recognition with facebook/wav2vec2-large-robust-ft-swbd-300h.'
    from transformers import pipeline

    runner = pipeline('automatic-speech-recognition', model=model, device=device)
    return runner(audio)
