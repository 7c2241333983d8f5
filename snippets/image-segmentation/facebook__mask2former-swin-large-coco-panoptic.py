def run(image: str = '', model: str = 'facebook/mask2former-swin-large-coco-panoptic', device: str = "cpu"):
    'image-segmentation with facebook/mask2former-swin-large-coco-panoptic.'
    from transformers import AutoImageProcessor, Mask2FormerForUniversalSegmentation, pipeline

    image_processor_0 = AutoImageProcessor.from_pretrained(model)
    network = Mask2FormerForUniversalSegmentation.from_pretrained(model)
    runner = pipeline('image-segmentation', image_processor=image_processor_0, model=network, device=device)
    return runner(image)
