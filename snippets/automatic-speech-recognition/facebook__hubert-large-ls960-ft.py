def run(audio: str = '', model: str = 'facebook/hubert-large-ls960-ft', device: str = "cpu"):
    'automatic-speech-recognition with facebook/hubert-large-ls960-ft.'
    from transformers import HubertForCTC, Wav2Vec2Processor, pipeline

    network = HubertForCTC.from_pretrained(model)
    processor_1 = Wav2Vec2Processor.from_pretrained(model)
    runner = pipeline('automatic-speech-recognition', model=network, processor=processor_1, device=device)
    return runner(audio)
