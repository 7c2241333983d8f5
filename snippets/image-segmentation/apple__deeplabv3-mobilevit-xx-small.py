def run(image: str = '', model: str = 'apple/deeplabv3-mobilevit-xx-small', device: str = "cpu"):
    'image-segmentation with apple/deeplabv3-mobilevit-xx-small.'
    from transformers import MobileViTFeatureExtractor, MobileViTForSemanticSegmentation, pipeline

    feature_extractor_0 = MobileViTFeatureExtractor.from_pretrained(model)
    network = MobileViTForSemanticSegmentation.from_pretrained(model)
    runner = pipeline('image-segmentation', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
