def run(audio: str = '', model: str = 'microsoft/speecht5_vc', device: str = "cpu"):
    'audio-to-audio with microsoft/speecht5_vc.'
    from transformers import SpeechT5ForSpeechToSpeech, SpeechT5Processor, pipeline

    network = SpeechT5ForSpeechToSpeech.from_pretrained(model)
    processor_1 = SpeechT5Processor.from_pretrained(model)
    runner = pipeline('audio-to-audio', model=network, processor=processor_1, device=device)
    return runner(audio)
