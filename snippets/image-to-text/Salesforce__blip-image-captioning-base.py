def run(image: str = '', model: str = 'Salesforce/blip-image-captioning-base', device: str = "cpu"):
    'image-to-text with Salesforce/blip-image-captioning-base.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
