def run(image: str = '', model: str = 'Intel/dpt-large', device: str = "cpu"):
    'depth-estimation with Intel/dpt-large.'
    from transformers import pipeline

    runner = pipeline('depth-estimation', model=model, device=device)
    return runner(image)
