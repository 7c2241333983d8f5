def run(image: str = '', model: str = 'deepmind/vision-perceiver-learned', device: str = "cpu"):
    'image-classification with deepmind/vision-perceiver-learned.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
