def run(image: str = '', model: str = 'TahaDouaji/detr-doc-table-detection', device: str = "cpu"):
    'object-detection with TahaDouaji/detr-doc-table-detection.'
    from transformers import DetrForObjectDetection, DetrImageProcessor, pipeline

    network = DetrForObjectDetection.from_pretrained(model)
    image_processor_1 = DetrImageProcessor.from_pretrained(model)
    runner = pipeline('object-detection', model=network, image_processor=image_processor_1, device=device)
    return runner(image)
