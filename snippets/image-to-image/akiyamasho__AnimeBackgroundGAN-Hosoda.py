def run(image: str = '', model: str = 'akiyamasho/AnimeBackgroundGAN-Hosoda', device: str = "cpu"):
    'image-to-image with akiyamasho/AnimeBackgroundGAN-Hosoda.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
