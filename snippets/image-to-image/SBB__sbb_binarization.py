def run(image: str = '', model: str = 'SBB/sbb_binarization', device: str = "cpu"):
    'image-to-image with SBB/sbb_binarization.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
