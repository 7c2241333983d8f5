def run(image: str = '', model: str = 'carbon225/vit-base-patch16-224-hentai', device: str = "cpu"):
    'image-classification with carbon225/vit-base-patch16-224-hentai.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
