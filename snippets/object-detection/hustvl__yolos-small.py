def run(image: str = '', model: str = 'hustvl/yolos-small', device: str = "cpu"):
    'object-detection with hustvl/yolos-small.'
    from transformers import YolosFeatureExtractor, YolosForObjectDetection, pipeline

    feature_extractor_0 = YolosFeatureExtractor.from_pretrained(model)
    network = YolosForObjectDetection.from_pretrained(model)
    runner = pipeline('object-detection', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
