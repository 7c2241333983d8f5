def run(image: str = '', model: str = 'Rajaram1996/FacialEmoRecog', device: str = "cpu"):
    'image-classification with Rajaram1996/FacialEmoRecog.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
