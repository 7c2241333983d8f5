def run(image: str = '', model: str = 'RapidAI/RapidOCR', device: str = "cpu"):
    'image-to-text with RapidAI/RapidOCR.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
