def run(image: str = '', model: str = 'fcakyon/yolov5s-v7.0', device: str = "cpu"):
    'object-detection with fcakyon/yolov5s-v7.0.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
