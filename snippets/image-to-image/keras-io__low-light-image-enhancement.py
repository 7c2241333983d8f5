def run(image: str = '', model: str = 'keras-io/low-light-image-enhancement', device: str = "cpu"):
    'image-to-image with keras-io/low-light-image-enhancement.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
