def run(image: str = '', model: str = 'Salesforce/blip2-flan-t5-xl', device: str = "cpu"):
    'image-to-text with Salesforce/blip2-flan-t5-xl.'
    from transformers import Blip2ForConditionalGeneration, BlipProcessor, pipeline

    network = Blip2ForConditionalGeneration.from_pretrained(model)
    processor_1 = BlipProcessor.from_pretrained(model)
    runner = pipeline('image-to-text', model=network, processor=processor_1, device=device)
    return runner(image)
