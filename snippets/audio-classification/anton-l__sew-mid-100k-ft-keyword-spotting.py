def run(audio: str = '', model: str = 'anton-l/sew-mid-100k-ft-keyword-spotting', device: str = "cpu"):
    'audio-classification with anton-l/sew-mid-100k-ft-keyword-spotting.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
