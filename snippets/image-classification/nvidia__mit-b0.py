def run(image: str = '', model: str = 'nvidia/mit-b0', device: str = "cpu"):
    'image-classification with nvidia/mit-b0.'
    from transformers import SegformerFeatureExtractor, SegformerForImageClassification, pipeline

    feature_extractor_0 = SegformerFeatureExtractor.from_pretrained(model)
    network = SegformerForImageClassification.from_pretrained(model)
    runner = pipeline('image-classification', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
