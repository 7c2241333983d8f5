def run(image: str = '', model: str = 'naver-clova-ix/donut-base-finetuned-cord-v2', device: str = "cpu"):
    'image-to-text with naver-clova-ix/donut-base-finetuned-cord-v2.'
    from transformers import pipeline

    runner = pipeline('image-to-text', model=model, device=device)
    return runner(image)
