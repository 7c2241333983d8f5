def run(image: str = '', model: str = 'microsoft/git-large-coco', device: str = "cpu"):
    'image-to-text with microsoft/git-large-coco.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
