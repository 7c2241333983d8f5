def run(image: str = '', model: str = 'ultralyticsplus/yolov8s', device: str = "cpu"):
    'object-detection with ultralyticsplus/yolov8s.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
