def run(image: str = '', model: str = 'Narsil/pet-segmentation', device: str = "cpu"):
    'image-segmentation with Narsil/pet-segmentation.'
    from transformers import pipeline

    runner = pipeline('image-segmentation', model=model, device=device)
    return runner(image)
