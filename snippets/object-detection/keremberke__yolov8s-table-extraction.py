def run(image: str = '', model: str = 'keremberke/yolov8s-table-extraction', device: str = "cpu"):
    'object-detection with keremberke/yolov8s-table-extraction.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
