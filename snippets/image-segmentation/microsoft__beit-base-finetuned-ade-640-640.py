def run(image: str = '', model: str = 'microsoft/beit-base-finetuned-ade-640-640', device: str = "cpu"):
    'image-segmentation with microsoft/beit-base-finetuned-ade-640-640.'
    from transformers import BeitFeatureExtractor, BeitForSemanticSegmentation, pipeline

    feature_extractor_0 = BeitFeatureExtractor.from_pretrained(model)
    network = BeitForSemanticSegmentation.from_pretrained(model)
    runner = pipeline('image-segmentation', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
