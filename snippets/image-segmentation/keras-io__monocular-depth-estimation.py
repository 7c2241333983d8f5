def run(image: str = '', model: str = 'keras-io/monocular-depth-estimation', device: str = "cpu"):
    'image-segmentation with keras-io/monocular-depth-estimation.'
    from transformers import pipeline

    runner = pipeline('image-segmentation', model=model, device=device)
    return runner(image)
