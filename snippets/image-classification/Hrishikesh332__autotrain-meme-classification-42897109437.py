def run(image: str = '', model: str = 'Hrishikesh332/autotrain-meme-classification-42897109437', device: str = "cpu"):
    'image-classification with Hrishikesh332/autotrain-meme-classification-42897109437.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
