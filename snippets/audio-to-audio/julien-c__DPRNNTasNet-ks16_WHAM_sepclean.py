def run(audio: str = '', model: str = 'julien-c/DPRNNTasNet-ks16_WHAM_sepclean', device: str = "cpu"):
    'audio-to-audio with julien-c/DPRNNTasNet-ks16_WHAM_sepclean.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
