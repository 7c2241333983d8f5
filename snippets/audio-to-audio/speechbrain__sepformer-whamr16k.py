def run(audio: str = '', model: str = 'speechbrain/sepformer-whamr16k', device: str = "cpu"):
    'audio-to-audio with speechbrain/sepformer-whamr16k.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
