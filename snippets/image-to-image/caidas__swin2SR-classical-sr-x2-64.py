def run(image: str = '', model: str = 'caidas/swin2SR-classical-sr-x2-64', device: str = "cpu"):
    'image-to-image with caidas/swin2SR-classical-sr-x2-64.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
