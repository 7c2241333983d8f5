def run(image: str = '', model: str = 'huggan/sim2real_cyclegan', device: str = "cpu"):
    'image-to-image with huggan/sim2real_cyclegan.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
