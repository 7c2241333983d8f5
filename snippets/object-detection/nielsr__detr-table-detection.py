def run(image: str = '', model: str = 'nielsr/detr-table-detection', device: str = "cpu"):
    'object-detection with nielsr/detr-table-detection.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
