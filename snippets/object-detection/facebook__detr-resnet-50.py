def run(image: str = '', model: str = 'facebook/detr-resnet-50', device: str = "cpu"):
    'object-detection with facebook/detr-resnet-50.'
    from transformers import DetrForObjectDetection, DetrImageProcessor, pipeline

    network = DetrForObjectDetection.from_pretrained(model)
    image_processor_1 = DetrImageProcessor.from_pretrained(model)
    runner = pipeline('object-detection', model=network, image_processor=image_processor_1, device=device)
    return runner(image)
