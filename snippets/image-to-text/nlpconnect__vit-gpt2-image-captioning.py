def run(image: str = '', model: str = 'nlpconnect/vit-gpt2-image-captioning', device: str = "cpu"):
    'image-to-text with nlpconnect/vit-gpt2-image-captioning.'
    from transformers import AutoTokenizer, ViTImageProcessor, VisionEncoderDecoderModel, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    image_processor_1 = ViTImageProcessor.from_pretrained(model)
    network = VisionEncoderDecoderModel.from_pretrained(model)
    runner = pipeline('image-to-text', tokenizer=tokenizer_0, image_processor=image_processor_1, model=network, device=device)
    return runner(image)
