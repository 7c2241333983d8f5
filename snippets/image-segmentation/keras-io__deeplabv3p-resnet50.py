def run(image: str = '', model: str = 'keras-io/deeplabv3p-resnet50', device: str = "cpu"):
    'image-segmentation with keras-io/deeplabv3p-resnet50.'
    from transformers import pipeline

    runner = pipeline('image-segmentation', model=model, device=device)
    return runner(image)
