def run(image: str = '', model: str = 'facebook/maskformer-swin-large-ade', device: str = "cpu"):
    'image-segmentation with facebook/maskformer-swin-large-ade.'
    from transformers import MaskFormerForInstanceSegmentation, MaskFormerImageProcessor, pipeline

    network = MaskFormerForInstanceSegmentation.from_pretrained(model)
    image_processor_1 = MaskFormerImageProcessor.from_pretrained(model)
    runner = pipeline('image-segmentation', model=network, image_processor=image_processor_1, device=device)
    return runner(image)
