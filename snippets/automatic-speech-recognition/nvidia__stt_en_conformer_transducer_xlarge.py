def run(audio: str = '', model: str = 'nvidia/stt_en_conformer_transducer_xlarge', device: str = "cpu"):
    'automatic-speech-recognition with nvidia/stt_en_conformer_transducer_xlarge.'
    from transformers import EncDecRNNTBPEModel, pipeline

    network = EncDecRNNTBPEModel.from_pretrained(model)
    runner = pipeline('automatic-speech-recognition', model=network, device=device)
    return runner(audio)
