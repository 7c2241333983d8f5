def run(image: str = '', model: str = 'timm/tf_efficientnet_lite0.in1k', device: str = "cpu"):
    'image-classification with timm/tf_efficientnet_lite0.in1k.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
