def run(image: str = '', model: str = 'ydshieh/vit-gpt2-coco-en-ckpts', device: str = "cpu"):
    'image-classification with ydshieh/vit-gpt2-coco-en-ckpts.'
    from transformers import AutoTokenizer, FlaxVisionEncoderDecoderModel, ViTFeatureExtractor, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    network = FlaxVisionEncoderDecoderModel.from_pretrained(model)
    feature_extractor_2 = ViTFeatureExtractor.from_pretrained(model)
    runner = pipeline('image-classification', tokenizer=tokenizer_0, model=network, feature_extractor=feature_extractor_2, device=device)
    return runner(image)
