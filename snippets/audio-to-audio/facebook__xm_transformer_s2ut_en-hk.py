def run(audio: str = '', model: str = 'facebook/xm_transformer_s2ut_en-hk', device: str = "cpu"):
    """audio-to-audio with facebook/xm_transformer_s2ut_en-hk."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
