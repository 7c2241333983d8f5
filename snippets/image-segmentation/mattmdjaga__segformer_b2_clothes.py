def run(image: str = '', model: str = 'mattmdjaga/segformer_b2_clothes', device: str = "cpu"):
    'image-segmentation with mattmdjaga/segformer_b2_clothes.'
    from transformers import AutoFeatureExtractor, SegformerForSemanticSegmentation, pipeline

    feature_extractor_0 = AutoFeatureExtractor.from_pretrained(model)
    network = SegformerForSemanticSegmentation.from_pretrained(model)
    runner = pipeline('image-segmentation', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
