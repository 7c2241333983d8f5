def run(image: str = '', model: str = 'jonathandinu/face-parsing', device: str = "cpu"):
    'image-segmentation with jonathandinu/face-parsing.'
    from transformers import pipeline

    runner = pipeline('image-segmentation', model=model, device=device)
    return runner(image)
