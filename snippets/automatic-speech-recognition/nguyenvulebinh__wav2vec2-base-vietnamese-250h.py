def run(audio: str = '', model: str = 'nguyenvulebinh/wav2vec2-base-vietnamese-250h', device: str = "cpu"):
    'automatic-speech-recognition with nguyenvulebinh/wav2vec2-base-vietnamese-250h.'
    from transformers import pipeline

    runner = pipeline('automatic-speech-recognition', model=model, device=device)
    return runner(audio)
