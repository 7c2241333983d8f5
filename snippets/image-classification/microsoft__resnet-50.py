def run(image: str = '', model: str = 'microsoft/resnet-50', device: str = "cpu"):
    'image-classification with microsoft/resnet-50.'
    from transformers import AutoImageProcessor, ResNetForImageClassification, pipeline

    image_processor_0 = AutoImageProcessor.from_pretrained(model)
    network = ResNetForImageClassification.from_pretrained(model)
    runner = pipeline('image-classification', image_processor=image_processor_0, model=network, device=device)
    return runner(image)
