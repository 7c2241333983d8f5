def run(image: str = '', model: str = 'keremberke/yolov5m-license-plate', device: str = "cpu"):
    'object-detection with keremberke/yolov5m-license-plate.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
