def run(audio: str = '', model: str = 'nvidia/stt_en_conformer_ctc_large', device: str = "cpu"):
    'automatic-speech-recognition with nvidia/stt_en_conformer_ctc_large.'
    from transformers import pipeline

    runner = pipeline('automatic-speech-recognition', model=model, device=device)
    return runner(audio)
