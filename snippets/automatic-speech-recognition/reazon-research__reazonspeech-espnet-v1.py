def run(audio: str = '', model: str = 'reazon-research/reazonspeech-espnet-v1', device: str = "cpu"):
    'automatic-speech-recognition with reazon-research/reazonspeech-espnet-v1.'
    from transformers import pipeline

    runner = pipeline('automatic-speech-recognition', model=model, device=device)
    return runner(audio)
