def run(text: str = '', model: str = 'tensorspeech/tts-tacotron2-baker-ch', device: str = "cpu"):
    'text-to-speech with tensorspeech/tts-tacotron2-baker-ch.'
    from transformers import AutoProcessor, TFAutoModel, pipeline

    processor_0 = AutoProcessor.from_pretrained(model)
    network = TFAutoModel.from_pretrained(model)
    runner = pipeline('text-to-speech', processor=processor_0, model=network, device=device)
    return runner(text)
