def run(image: str = '', model: str = 'matttrent/sd-image-variations-diffusers', device: str = "cpu"):
    'image-to-image with matttrent/sd-image-variations-diffusers.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
