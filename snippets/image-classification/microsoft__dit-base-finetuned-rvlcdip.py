def run(image: str = '', model: str = 'microsoft/dit-base-finetuned-rvlcdip', device: str = "cpu"):
    'image-classification with microsoft/dit-base-finetuned-rvlcdip.'
    from transformers import AutoImageProcessor, AutoModelForImageClassification, pipeline

    image_processor_0 = AutoImageProcessor.from_pretrained(model)
    network = AutoModelForImageClassification.from_pretrained(model)
    runner = pipeline('image-classification', image_processor=image_processor_0, model=network, device=device)
    return runner(image)
