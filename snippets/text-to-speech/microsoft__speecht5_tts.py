def run(text: str = '', model: str = 'microsoft/speecht5_tts', device: str = "cpu"):
    'text-to-speech with microsoft/speecht5_tts.'
    from transformers import SpeechT5ForTextToSpeech, SpeechT5Processor, pipeline

    network = SpeechT5ForTextToSpeech.from_pretrained(model)
    processor_1 = SpeechT5Processor.from_pretrained(model)
    runner = pipeline('text-to-speech', model=network, processor=processor_1, device=device)
    return runner(text)
