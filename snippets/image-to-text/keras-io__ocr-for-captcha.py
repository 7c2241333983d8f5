def run(image: str = '', model: str = 'keras-io/ocr-for-captcha', device: str = "cpu"):
    'image-to-text with keras-io/ocr-for-captcha.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
