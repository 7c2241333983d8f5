def run(image: str = '', model: str = 'microsoft/beit-base-patch16-224-pt22k-ft22k', device: str = "cpu"):
    'image-classification with microsoft/beit-base-patch16-224-pt22k-ft22k.'
    from transformers import BeitForImageClassification, BeitImageProcessor, pipeline

    network = BeitForImageClassification.from_pretrained(model)
    image_processor_1 = BeitImageProcessor.from_pretrained(model)
    runner = pipeline('image-classification', model=network, image_processor=image_processor_1, device=device)
    return runner(image)
