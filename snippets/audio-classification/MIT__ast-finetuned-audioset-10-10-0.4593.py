def run(audio: str = '', model: str = 'MIT/ast-finetuned-audioset-10-10-0.4593', device: str = "cpu"):
    'audio-classification with MIT/ast-finetuned-audioset-10-10-0.4593.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
