def run(image: str = '', model: str = 'keras-io/conditional-gan', device: str = "cpu"):
    'image-to-image with keras-io/conditional-gan.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
