def run(image: str = '', model: str = 'microsoft/table-transformer-structure-recognition', device: str = "cpu"):
    'object-detection with microsoft/table-transformer-structure-recognition.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
