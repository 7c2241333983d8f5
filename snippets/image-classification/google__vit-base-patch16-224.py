def run(image: str = '', model: str = 'google/vit-base-patch16-224', device: str = "cpu"):
    'image-classification with google/vit-base-patch16-224.'
    from transformers import ViTForImageClassification, ViTImageProcessor, pipeline

    network = ViTForImageClassification.from_pretrained(model)
    image_processor_1 = ViTImageProcessor.from_pretrained(model)
    runner = pipeline('image-classification', model=network, image_processor=image_processor_1, device=device)
    return runner(image)
