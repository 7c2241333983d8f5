def run(image: str = '', model: str = 'apple/mobilevit-small', device: str = "cpu"):
    'image-classification with apple/mobilevit-small.'
    from transformers import MobileViTFeatureExtractor, MobileViTForImageClassification, pipeline

    feature_extractor_0 = MobileViTFeatureExtractor.from_pretrained(model)
    network = MobileViTForImageClassification.from_pretrained(model)
    runner = pipeline('image-classification', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
