def run(image: str = '', model: str = 'facebook/deit-base-patch16-224', device: str = "cpu"):
    'image-classification with facebook/deit-base-patch16-224.'
    from transformers import AutoFeatureExtractor, ViTForImageClassification, pipeline

    feature_extractor_0 = AutoFeatureExtractor.from_pretrained(model)
    network = ViTForImageClassification.from_pretrained(model)
    runner = pipeline('image-classification', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
