def run(image: str = '', model: str = 'Salesforce/blip2-opt-6.7b', device: str = "cpu"):
    'image-to-text with Salesforce/blip2-opt-6.7b.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
