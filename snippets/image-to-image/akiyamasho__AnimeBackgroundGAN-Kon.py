def run(image: str = '', model: str = 'akiyamasho/AnimeBackgroundGAN-Kon', device: str = "cpu"):
    'image-to-image with akiyamasho/AnimeBackgroundGAN-Kon.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
