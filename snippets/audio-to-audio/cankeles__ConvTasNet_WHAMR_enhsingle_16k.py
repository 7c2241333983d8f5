def run(audio: str = '', model: str = 'cankeles/ConvTasNet_WHAMR_enhsingle_16k', device: str = "cpu"):
    'audio-to-audio with cankeles/ConvTasNet_WHAMR_enhsingle_16k.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
