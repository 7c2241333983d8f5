def run(audio: str = '', model: str = 'sparanoid/milky-green-sovits', device: str = "cpu"):
    'audio-to-audio with sparanoid/milky-green-sovits.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
