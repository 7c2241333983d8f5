def run(audio: str = '', model: str = 'm3hrdadfi/wav2vec2-large-xlsr-persian-v3', device: str = "cpu"):
    'automatic-speech-recognition with m3hrdadfi/wav2vec2-large-xlsr-persian-v3.'
    from transformers import Wav2Vec2ForCTC, Wav2Vec2Processor, pipeline

    network = Wav2Vec2ForCTC.from_pretrained(model)
    processor_1 = Wav2Vec2Processor.from_pretrained(model)
    runner = pipeline('automatic-speech-recognition', model=network, processor=processor_1, device=device)
    return runner(audio)
