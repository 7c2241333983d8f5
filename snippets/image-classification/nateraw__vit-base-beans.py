def run(image: str = '', model: str = 'nateraw/vit-base-beans', device: str = "cpu"):
    'image-classification with nateraw/vit-base-beans.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
