def run(image: str = '', model: str = 'SenseTime/deformable-detr', device: str = "cpu"):
    'object-detection with SenseTime/deformable-detr.'
    from transformers import AutoImageProcessor, DeformableDetrForObjectDetection, pipeline

    image_processor_0 = AutoImageProcessor.from_pretrained(model)
    network = DeformableDetrForObjectDetection.from_pretrained(model)
    runner = pipeline('object-detection', image_processor=image_processor_0, model=network, device=device)
    return runner(image)
