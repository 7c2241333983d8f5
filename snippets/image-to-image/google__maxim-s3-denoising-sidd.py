def run(image: str = '', model: str = 'google/maxim-s3-denoising-sidd', device: str = "cpu"):
    'image-to-image with google/maxim-s3-denoising-sidd.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
