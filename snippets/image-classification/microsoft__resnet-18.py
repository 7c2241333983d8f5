def run(image: str = '', model: str = 'microsoft/resnet-18', device: str = "cpu"):
    'image-classification with microsoft/resnet-18.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
