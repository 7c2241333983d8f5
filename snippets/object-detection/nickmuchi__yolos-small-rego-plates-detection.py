def run(image: str = '', model: str = 'nickmuchi/yolos-small-rego-plates-detection', device: str = "cpu"):
    'object-detection with nickmuchi/yolos-small-rego-plates-detection.'
    from transformers import YolosFeatureExtractor, YolosForObjectDetection, pipeline

    feature_extractor_0 = YolosFeatureExtractor.from_pretrained(model)
    network = YolosForObjectDetection.from_pretrained(model)
    runner = pipeline('object-detection', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
