def run(image: str = '', model: str = 'keras-io/lowlight-enhance-mirnet', device: str = "cpu"):
    'image-to-image with keras-io/lowlight-enhance-mirnet.'
    from transformers import pipeline

    runner = pipeline('image-to-image', model=model, device=device)
    return runner(image)
