def run(image: str = '', model: str = 'microsoft/swin-tiny-patch4-window7-224', device: str = "cpu"):
    'image-classification with microsoft/swin-tiny-patch4-window7-224.'
    from transformers import AutoFeatureExtractor, SwinForImageClassification, pipeline

    feature_extractor_0 = AutoFeatureExtractor.from_pretrained(model)
    network = SwinForImageClassification.from_pretrained(model)
    runner = pipeline('image-classification', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
