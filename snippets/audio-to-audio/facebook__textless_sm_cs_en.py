def run(audio: str = '', model: str = 'facebook/textless_sm_cs_en', device: str = "cpu"):
    'audio-to-audio with facebook/textless_sm_cs_en.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
