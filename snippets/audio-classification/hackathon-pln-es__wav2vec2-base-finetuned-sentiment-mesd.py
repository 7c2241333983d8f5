def run(audio: str = '', model: str = 'hackathon-pln-es/wav2vec2-base-finetuned-sentiment-mesd', device: str = "cpu"):
    'audio-classification with hackathon-pln-es/wav2vec2-base-finetuned-sentiment-mesd.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
