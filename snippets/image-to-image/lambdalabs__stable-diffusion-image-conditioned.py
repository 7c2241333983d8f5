def run(image: str = '', model: str = 'lambdalabs/stable-diffusion-image-conditioned', device: str = "cpu"):
    'image-to-image with lambdalabs/stable-diffusion-image-conditioned.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
