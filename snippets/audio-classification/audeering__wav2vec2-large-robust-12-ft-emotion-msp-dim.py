def run(audio: str = '', model: str = 'audeering/wav2vec2-large-robust-12-ft-emotion-msp-dim', device: str = "cpu"):
    'audio-classification with audeering/wav2vec2-large-robust-12-ft-emotion-msp-dim.'
    from transformers import EmotionModel, Wav2Vec2Processor, pipeline

    network = EmotionModel.from_pretrained(model)
    processor_1 = Wav2Vec2Processor.from_pretrained(model)
    runner = pipeline('audio-classification', model=network, processor=processor_1, device=device)
    return runner(audio)
