def run(audio: str = '', model: str = 'facebook/xm_transformer_unity_hk-en', device: str = "cpu"):
    """audio-to-audio with facebook/xm_transformer_unity_hk-en."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
