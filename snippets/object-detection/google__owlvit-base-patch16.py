def run(image: str = '', model: str = 'google/owlvit-base-patch16', device: str = "cpu"):
    'object-detection with google/owlvit-base-patch16.'
    from transformers import OwlViTForObjectDetection, OwlViTProcessor, pipeline

    network = OwlViTForObjectDetection.from_pretrained(model)
    processor_1 = OwlViTProcessor.from_pretrained(model)
    runner = pipeline('object-detection', model=network, processor=processor_1, device=device)
    return runner(image)
