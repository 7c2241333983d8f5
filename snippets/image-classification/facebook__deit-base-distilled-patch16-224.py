def run(image: str = '', model: str = 'facebook/deit-base-distilled-patch16-224', device: str = "cpu"):
    'image-classification with facebook/deit-base-distilled-patch16-224.'
    from transformers import AutoFeatureExtractor, DeiTForImageClassificationWithTeacher, pipeline

    feature_extractor_0 = AutoFeatureExtractor.from_pretrained(model)
    network = DeiTForImageClassificationWithTeacher.from_pretrained(model)
    runner = pipeline('image-classification', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
