def run(image: str = '', model: str = 'microsoft/git-large-textcaps', device: str = "cpu"):
    'image-to-text with microsoft/git-large-textcaps.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
