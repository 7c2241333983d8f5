def run(audio: str = '', model: str = 'fxtentacle/wav2vec2-xls-r-1b-tevr', device: str = "cpu"):
    'automatic-speech-recognition with fxtentacle/wav2vec2-xls-r-1b-tevr.'
    from transformers import AutoModelForCTC, HajoProcessor, pipeline

    network = AutoModelForCTC.from_pretrained(model)
    processor_1 = HajoProcessor.from_pretrained(model)
    runner = pipeline('automatic-speech-recognition', model=network, processor=processor_1, device=device)
    return runner(audio)
