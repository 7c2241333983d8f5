def run(image: str = '', model: str = 'facebook/detr-resnet-101-dc5', device: str = "cpu"):
    'object-detection with facebook/detr-resnet-101-dc5.'
    from transformers import DetrFeatureExtractor, DetrForObjectDetection, pipeline

    feature_extractor_0 = DetrFeatureExtractor.from_pretrained(model)
    network = DetrForObjectDetection.from_pretrained(model)
    runner = pipeline('object-detection', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
