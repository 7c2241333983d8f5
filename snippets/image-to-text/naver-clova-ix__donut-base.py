def run(image: str = '', model: str = 'naver-clova-ix/donut-base', device: str = "cpu"):
    'image-to-text with naver-clova-ix/donut-base.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
