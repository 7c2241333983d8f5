def run(image: str = '', model: str = 'CIDAS/clipseg-rd64-refined', device: str = "cpu"):
    'image-segmentation with CIDAS/clipseg-rd64-refined.'
    from transformers import pipeline

    runner = pipeline('image-segmentation', model=model, device=device)
    return runner(image)
