def run(image: str = '', model: str = 'Riser/YOLOP', device: str = "cpu"):
    'object-detection with Riser/YOLOP.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
