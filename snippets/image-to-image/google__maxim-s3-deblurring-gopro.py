def run(image: str = '', model: str = 'google/maxim-s3-deblurring-gopro', device: str = "cpu"):
    'image-to-image with google/maxim-s3-deblurring-gopro.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
