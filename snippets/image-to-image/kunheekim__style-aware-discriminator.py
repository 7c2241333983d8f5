def run(image: str = '', model: str = 'kunheekim/style-aware-discriminator', device: str = "cpu"):
    'image-to-image with kunheekim/style-aware-discriminator.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
