def run(image: str = '', model: str = 'nateraw/food', device: str = "cpu"):
    'image-classification with nateraw/food.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
