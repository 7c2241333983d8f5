def run(image: str = '', model: str = 'akiyamasho/AnimeBackgroundGAN-Shinkai', device: str = "cpu"):
    'image-to-image with akiyamasho/AnimeBackgroundGAN-Shinkai.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
