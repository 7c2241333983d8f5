def run(image: str = '', model: str = 'SamMorgan/yolo_v4_tflite', device: str = "cpu"):
    'object-detection with SamMorgan/yolo_v4_tflite.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
