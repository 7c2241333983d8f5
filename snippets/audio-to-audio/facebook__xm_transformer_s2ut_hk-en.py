def run(audio: str = '', model: str = 'facebook/xm_transformer_s2ut_hk-en', device: str = "cpu"):
    'audio-to-audio with facebook/xm_transformer_s2ut_hk-en.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
