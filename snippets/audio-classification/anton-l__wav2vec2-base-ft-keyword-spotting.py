def run(audio: str = '', model: str = 'anton-l/wav2vec2-base-ft-keyword-spotting', device: str = "cpu"):
    'audio-classification with anton-l/wav2vec2-base-ft-keyword-spotting.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
