def run(audio: str = '', model: str = 'facebook/wav2vec2-base-960h', device: str = "cpu"):
    'automatic-speech-recognition with facebook/wav2vec2-base-960h.'
    from transformers import Wav2Vec2ForCTC, Wav2Vec2Processor, pipeline

    network = Wav2Vec2ForCTC.from_pretrained(model)
    processor_1 = Wav2Vec2Processor.from_pretrained(model)
    runner = pipeline('automatic-speech-recognition', model=network, processor=processor_1, device=device)
    return runner(audio)
