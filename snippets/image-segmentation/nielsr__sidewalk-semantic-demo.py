def run(image: str = '', model: str = 'nielsr/sidewalk-semantic-demo', device: str = "cpu"):
    'image-segmentation with nielsr/sidewalk-semantic-demo.'
    from transformers import pipeline

    runner = pipeline('image-segmentation', model=model, device=device)
    return runner(image)
