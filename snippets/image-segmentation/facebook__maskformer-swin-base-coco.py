def run(image: str = '', model: str = 'facebook/maskformer-swin-base-coco', device: str = "cpu"):
    'image-segmentation with facebook/maskformer-swin-base-coco.'
    from transformers import MaskFormerFeatureExtractor, MaskFormerForInstanceSegmentation, pipeline

    feature_extractor_0 = MaskFormerFeatureExtractor.from_pretrained(model)
    network = MaskFormerForInstanceSegmentation.from_pretrained(model)
    runner = pipeline('image-segmentation', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
