def run(image: str = '', model: str = 'google/pix2struct-textcaps-large', device: str = "cpu"):
    'image-to-text with google/pix2struct-textcaps-large.'
    from transformers import Pix2StructForConditionalGeneration, Pix2StructProcessor, pipeline

    network = Pix2StructForConditionalGeneration.from_pretrained(model)
    processor_1 = Pix2StructProcessor.from_pretrained(model)
    runner = pipeline('image-to-text', model=network, processor=processor_1, device=device)
    return runner(image)
