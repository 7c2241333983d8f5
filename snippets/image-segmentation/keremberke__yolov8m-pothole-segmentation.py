def run(image: str = '', model: str = 'keremberke/yolov8m-pothole-segmentation', device: str = "cpu"):
    'image-segmentation with keremberke/yolov8m-pothole-segmentation.'
    from transformers import pipeline

    runner = pipeline('image-segmentation', model=model, device=device)
    return runner(image)
