def run(image: str = '', model: str = 'facebook/convnext-tiny-224', device: str = "cpu"):
    'image-classification with facebook/convnext-tiny-224.'
    from transformers import ConvNextFeatureExtractor, ConvNextForImageClassification, pipeline

    feature_extractor_0 = ConvNextFeatureExtractor.from_pretrained(model)
    network = ConvNextForImageClassification.from_pretrained(model)
    runner = pipeline('image-classification', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
