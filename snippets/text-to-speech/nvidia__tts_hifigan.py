def run(text: str = '', model: str = 'nvidia/tts_hifigan', device: str = "cpu"):
    'text-to-speech with nvidia/tts_hifigan.'
    from transformers import FastPitchModel, HifiGanModel, pipeline

    network = FastPitchModel.from_pretrained(model)
    network = HifiGanModel.from_pretrained(model)
    runner = pipeline('text-to-speech', model=network, device=device)
    return runner(text)
