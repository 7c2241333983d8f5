def run(image: str = '', model: str = 'mindspore-ai/LeNet', device: str = "cpu"):
    'image-classification with mindspore-ai/LeNet.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
