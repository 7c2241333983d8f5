def run(image: str = '', model: str = 'cmudrc/microstructure-colorization', device: str = "cpu"):
    'image-to-image with cmudrc/microstructure-colorization.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
