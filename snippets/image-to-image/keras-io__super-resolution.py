def run(image: str = '', model: str = 'keras-io/super-resolution', device: str = "cpu"):
    'image-to-image with keras-io/super-resolution.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
