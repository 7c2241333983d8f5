def run(image: str = '', model: str = 'microsoft/table-transformer-detection', device: str = "cpu"):
    'object-detection with microsoft/table-transformer-detection.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
