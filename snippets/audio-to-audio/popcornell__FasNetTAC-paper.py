def run(audio: str = '', model: str = 'popcornell/FasNetTAC-paper', device: str = "cpu"):
    'audio-to-audio with popcornell/FasNetTAC-paper.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
