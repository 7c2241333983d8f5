def run(image: str = '', model: str = 'Salesforce/blip2-flan-t5-xl-coco', device: str = "cpu"):
    'image-to-text with Salesforce/blip2-flan-t5-xl-coco.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
