def run(image: str = '', model: str = 'google/maxim-s2-enhancement-lol', device: str = "cpu"):
    'image-to-image with google/maxim-s2-enhancement-lol.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
