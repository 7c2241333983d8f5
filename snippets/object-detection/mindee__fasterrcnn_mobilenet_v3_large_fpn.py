def run(image: str = '', model: str = 'mindee/fasterrcnn_mobilenet_v3_large_fpn', device: str = "cpu"):
    'object-detection with mindee/fasterrcnn_mobilenet_v3_large_fpn.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
