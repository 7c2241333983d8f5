def run(image: str = '', model: str = 'biglam/detr-resnet-50_fine_tuned_nls_chapbooks', device: str = "cpu"):
    'object-detection with biglam/detr-resnet-50_fine_tuned_nls_chapbooks.'
    from transformers import AutoFeatureExtractor, AutoModelForObjectDetection, pipeline

    feature_extractor_0 = AutoFeatureExtractor.from_pretrained(model)
    network = AutoModelForObjectDetection.from_pretrained(model)
    runner = pipeline('object-detection', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
