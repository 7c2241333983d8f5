def run(image: str = '', model: str = 'SalML/DETR-table-structure-recognition', device: str = "cpu"):
    'object-detection with SalML/DETR-table-structure-recognition.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
