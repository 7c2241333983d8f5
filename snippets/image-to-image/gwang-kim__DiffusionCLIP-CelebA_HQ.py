def run(image: str = '', model: str = 'gwang-kim/DiffusionCLIP-CelebA_HQ', device: str = "cpu"):
    'image-to-image with gwang-kim/DiffusionCLIP-CelebA_HQ.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
