def run(audio: str = '', model: str = 'speechbrain/metricgan-plus-voicebank', device: str = "cpu"):
    'audio-to-audio with speechbrain/metricgan-plus-voicebank.'
    from speechbrain.inference import SpectralMaskEnhancement

    runner = SpectralMaskEnhancement.from_hparams(source=model, run_opts={"device": device})
    return runner.enhance_file(audio)
