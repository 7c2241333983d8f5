def run(audio: str = '', model: str = 'dkurt/wav2vec2-base-ft-keyword-spotting-int8', device: str = "cpu"):
    'audio-classification with dkurt/wav2vec2-base-ft-keyword-spotting-int8.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
