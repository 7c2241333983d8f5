def run(audio: str = '', model: str = 'speechbrain/sepformer-wham', device: str = "cpu"):
    'audio-to-audio with speechbrain/sepformer-wham.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
