def run(audio: str = '', model: str = 'espnet/Wangyou_Zhang_chime4_enh_train_enh_beamformer_mvdr_raw', device: str = "cpu"):
    'audio-to-audio with espnet/Wangyou_Zhang_chime4_enh_train_enh_beamformer_mvdr_raw.'
    from speechbrain.inference import SepformerSeparation

    runner = SepformerSeparation.from_hparams(source=model, run_opts={"device": device})
    return runner.separate_file(path=audio)
