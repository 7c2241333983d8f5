def run(audio: str = '', model: str = 'speechbrain/lang-id-voxlingua107-ecapa', device: str = "cpu"):
    'audio-classification with speechbrain/lang-id-voxlingua107-ecapa.'
    from speechbrain.inference import EncoderClassifier

    runner = EncoderClassifier.from_hparams(source=model, run_opts={"device": device})
    return runner.classify_file(audio)
