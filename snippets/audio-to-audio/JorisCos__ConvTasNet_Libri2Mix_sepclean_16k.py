def run(audio: str = '', model: str = 'JorisCos/ConvTasNet_Libri2Mix_sepclean_16k', device: str = "cpu"):
    'audio-to-audio with JorisCos/ConvTasNet_Libri2Mix_sepclean_16k.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
