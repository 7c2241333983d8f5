def run(image: str = '', model: str = 'weitf/muscleAmine', device: str = "cpu"):
    'image-to-image with weitf/muscleAmine.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
