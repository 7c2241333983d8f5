def run(image: str = '', model: str = 'tuman/vit-rugpt2-image-captioning', device: str = "cpu"):
    'image-to-text with tuman/vit-rugpt2-image-captioning.'
    from transformers import AutoTokenizer, ViTFeatureExtractor, VisionEncoderDecoderModel, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    feature_extractor_1 = ViTFeatureExtractor.from_pretrained(model)
    network = VisionEncoderDecoderModel.from_pretrained(model)
    runner = pipeline('image-to-text', tokenizer=tokenizer_0, feature_extractor=feature_extractor_1, model=network, device=device)
    return runner(image)
