def run(image: str = '', model: str = 'umm-maybe/AI-image-detector', device: str = "cpu"):
    'image-classification with umm-maybe/AI-image-detector.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
