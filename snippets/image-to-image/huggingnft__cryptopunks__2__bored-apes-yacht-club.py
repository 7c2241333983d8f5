def run(image: str = '', model: str = 'huggingnft/cryptopunks__2__bored-apes-yacht-club', device: str = "cpu"):
    'image-to-image with huggingnft/cryptopunks__2__bored-apes-yacht-club.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
