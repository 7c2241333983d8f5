def run(image: str = '', model: str = 'facebook/detr-resnet-101-panoptic', device: str = "cpu"):
    'image-segmentation with facebook/detr-resnet-101-panoptic.'
    from transformers import DetrFeatureExtractor, DetrForSegmentation, pipeline

    feature_extractor_0 = DetrFeatureExtractor.from_pretrained(model)
    network = DetrForSegmentation.from_pretrained(model)
    runner = pipeline('image-segmentation', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
