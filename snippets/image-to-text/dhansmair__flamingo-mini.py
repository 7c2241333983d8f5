def run(image: str = '', model: str = 'dhansmair/flamingo-mini', device: str = "cpu"):
    'image-to-text with dhansmair/flamingo-mini.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
