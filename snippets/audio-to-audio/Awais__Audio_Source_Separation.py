def run(audio: str = '', model: str = 'Awais/Audio_Source_Separation', device: str = "cpu"):
    'audio-to-audio with Awais/Audio_Source_Separation.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
