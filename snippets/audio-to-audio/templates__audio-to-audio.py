def run(audio: str = '', model: str = 'templates/audio-to-audio', device: str = "cpu"):
    'audio-to-audio with templates/audio-to-audio.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
