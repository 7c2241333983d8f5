def run(image: str = '', model: str = 'nateraw/vit-age-classifier', device: str = "cpu"):
    'image-classification with nateraw/vit-age-classifier.'
    from transformers import ViTFeatureExtractor, ViTForImageClassification, pipeline

    feature_extractor_0 = ViTFeatureExtractor.from_pretrained(model)
    network = ViTForImageClassification.from_pretrained(model)
    runner = pipeline('image-classification', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
