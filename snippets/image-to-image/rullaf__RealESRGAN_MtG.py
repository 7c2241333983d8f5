def run(image: str = '', model: str = 'rullaf/RealESRGAN_MtG', device: str = "cpu"):
    'image-to-image with rullaf/RealESRGAN_MtG.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
