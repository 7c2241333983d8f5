def run(audio: str = '', model: str = 'sahita/language-identification', device: str = "cpu"):
    'audio-classification with sahita/language-identification.'
    from speechbrain.inference import EncoderClassifier

    runner = EncoderClassifier.from_hparams(source=model, run_opts={"device": device})
    return runner.classify_file(audio)
