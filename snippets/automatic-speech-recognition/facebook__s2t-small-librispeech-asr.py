def run(audio: str = '', model: str = 'facebook/s2t-small-librispeech-asr', device: str = "cpu"):
    'automatic-speech-recognition with facebook/s2t-small-librispeech-asr.'
    from transformers import Speech2TextForConditionalGeneration, Speech2TextProcessor, pipeline

    network = Speech2TextForConditionalGeneration.from_pretrained(model)
    processor_1 = Speech2TextProcessor.from_pretrained(model)
    runner = pipeline('automatic-speech-recognition', model=network, processor=processor_1, device=device)
    return runner(audio)
