def run(image: str = '', model: str = 'akiyamasho/AnimeBackgroundGAN-Miyazaki', device: str = "cpu"):
    'image-to-image with akiyamasho/AnimeBackgroundGAN-Miyazaki.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
