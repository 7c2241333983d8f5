def run(audio: str = '', model: str = 'hackathon-pln-es/wav2vec2-base-finetuned-sentiment-classification-MESD', device: str = "cpu"):
    'audio-classification with hackathon-pln-es/wav2vec2-base-finetuned-sentiment-classification-MESD.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
