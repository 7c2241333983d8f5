def run(image: str = '', model: str = 'keremberke/yolov5n-blood-cell', device: str = "cpu"):
    'object-detection with keremberke/yolov5n-blood-cell.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
