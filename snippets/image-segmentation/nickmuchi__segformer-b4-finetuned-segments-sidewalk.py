def run(image: str = '', model: str = 'nickmuchi/segformer-b4-finetuned-segments-sidewalk', device: str = "cpu"):
    'image-segmentation with nickmuchi/segformer-b4-finetuned-segments-sidewalk.'
    from transformers import pipeline

    runner = pipeline('image-segmentation', model=model, device=device)
    return runner(image)
