def run(image: str = '', model: str = 'huggingnft/boredapeyachtclub__2__mutant-ape-yacht-club', device: str = "cpu"):
    'image-to-image with huggingnft/boredapeyachtclub__2__mutant-ape-yacht-club.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
