def run(audio: str = '', model: str = 'espnet/Wangyou_Zhang_chime4_enh_train_enh_beamformer_mvdr_raw', device: str = "cpu"):
    """audio-to-audio with espnet/Wangyou_Zhang_chime4_enh_train_enh_beamformer_mvdr_raw."""
    from transformers import pipeline

    runner = pipeline('audio-to-audio', model=model, device=device)
    return runner(audio)
