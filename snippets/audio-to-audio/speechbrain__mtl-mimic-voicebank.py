def run(audio: str = '', model: str = 'speechbrain/mtl-mimic-voicebank', device: str = "cpu"):
    'audio-to-audio with speechbrain/mtl-mimic-voicebank.'
    from speechbrain.inference import WaveformEnhancement

    runner = WaveformEnhancement.from_hparams(source=model, run_opts={"device": device})
    return runner.enhance_file(audio)
