def run(image: str = '', model: str = 'nvidia/segformer-b5-finetuned-ade-640-640', device: str = "cpu"):
    'image-segmentation with nvidia/segformer-b5-finetuned-ade-640-640.'
    from transformers import SegformerFeatureExtractor, SegformerForSemanticSegmentation, pipeline

    feature_extractor_0 = SegformerFeatureExtractor.from_pretrained(model)
    network = SegformerForSemanticSegmentation.from_pretrained(model)
    runner = pipeline('image-segmentation', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
