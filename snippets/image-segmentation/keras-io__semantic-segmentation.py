def run(image: str = '', model: str = 'keras-io/semantic-segmentation', device: str = "cpu"):
    'image-segmentation with keras-io/semantic-segmentation.'
    from transformers import pipeline

    runner = pipeline('image-segmentation', model=model, device=device)
    return runner(image)
