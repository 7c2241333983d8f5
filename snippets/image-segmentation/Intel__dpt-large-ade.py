def run(image: str = '', model: str = 'Intel/dpt-large-ade', device: str = "cpu"):
    'image-segmentation with Intel/dpt-large-ade.'
    from transformers import DPTFeatureExtractor, DPTForSemanticSegmentation, pipeline

    feature_extractor_0 = DPTFeatureExtractor.from_pretrained(model)
    network = DPTForSemanticSegmentation.from_pretrained(model)
    runner = pipeline('image-segmentation', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
