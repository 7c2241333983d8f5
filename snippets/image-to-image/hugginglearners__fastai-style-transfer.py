def run(image: str = '', model: str = 'hugginglearners/fastai-style-transfer', device: str = "cpu"):
    'image-to-image with hugginglearners/fastai-style-transfer.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
