def run(image: str = '', model: str = 'julien-c/hotdog-not-hotdog', device: str = "cpu"):
    'image-classification with julien-c/hotdog-not-hotdog.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
