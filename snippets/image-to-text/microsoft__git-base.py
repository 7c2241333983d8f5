def run(image: str = '', model: str = 'microsoft/git-base', device: str = "cpu"):
    'image-to-text with microsoft/git-base.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
