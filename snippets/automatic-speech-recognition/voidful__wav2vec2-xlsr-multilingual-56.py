def run(audio: str = '', model: str = 'voidful/wav2vec2-xlsr-multilingual-56', device: str = "cpu"):
    'automatic-speech-recognition with voidful/wav2vec2-xlsr-multilingual-56.'
    from transformers import pipeline

    runner = pipeline('automatic-speech-recognition', model=model, device=device)
    return runner(audio)
