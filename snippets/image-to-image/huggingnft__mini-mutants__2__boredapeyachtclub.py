def run(image: str = '', model: str = 'huggingnft/mini-mutants__2__boredapeyachtclub', device: str = "cpu"):
    'image-to-image with huggingnft/mini-mutants__2__boredapeyachtclub.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
