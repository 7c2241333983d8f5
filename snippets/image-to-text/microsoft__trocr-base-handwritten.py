def run(image: str = '', model: str = 'microsoft/trocr-base-handwritten', device: str = "cpu"):
    'image-to-text with microsoft/trocr-base-handwritten.'
    from transformers import TrOCRProcessor, VisionEncoderDecoderModel, pipeline

    processor_0 = TrOCRProcessor.from_pretrained(model)
    network = VisionEncoderDecoderModel.from_pretrained(model)
    runner = pipeline('image-to-text', processor=processor_0, model=network, device=device)
    return runner(image)
