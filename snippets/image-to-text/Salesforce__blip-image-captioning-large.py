def run(image: str = '', model: str = 'Salesforce/blip-image-captioning-large', device: str = "cpu"):
    'image-to-text with Salesforce/blip-image-captioning-large.'
    from transformers import BlipForConditionalGeneration, BlipProcessor, pipeline

    network = BlipForConditionalGeneration.from_pretrained(model)
    processor_1 = BlipProcessor.from_pretrained(model)
    runner = pipeline('image-to-text', model=network, processor=processor_1, device=device)
    return runner(image)
