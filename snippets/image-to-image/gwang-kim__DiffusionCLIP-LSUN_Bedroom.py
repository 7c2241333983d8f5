def run(image: str = '', model: str = 'gwang-kim/DiffusionCLIP-LSUN_Bedroom', device: str = "cpu"):
    'image-to-image with gwang-kim/DiffusionCLIP-LSUN_Bedroom.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
