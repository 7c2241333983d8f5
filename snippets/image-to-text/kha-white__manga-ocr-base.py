def run(image: str = '', model: str = 'kha-white/manga-ocr-base', device: str = "cpu"):
    'image-to-text with kha-white/manga-ocr-base.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
