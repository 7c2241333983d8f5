def run(image: str = '', model: str = 'cafeai/cafe_aesthetic', device: str = "cpu"):
    'image-classification with cafeai/cafe_aesthetic.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
