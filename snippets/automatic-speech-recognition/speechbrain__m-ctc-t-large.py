def run(audio: str = '', model: str = 'speechbrain/m-ctc-t-large', device: str = "cpu"):
    'automatic-speech-recognition with speechbrain/m-ctc-t-large.'
    from transformers import MCTCTForCTC, MCTCTProcessor, pipeline

    network = MCTCTForCTC.from_pretrained(model)
    processor_1 = MCTCTProcessor.from_pretrained(model)
    runner = pipeline('automatic-speech-recognition', model=network, processor=processor_1, device=device)
    return runner(audio)
