def run(image: str = '', model: str = 'Pie31415/rome', device: str = "cpu"):
    'image-to-image with Pie31415/rome.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
