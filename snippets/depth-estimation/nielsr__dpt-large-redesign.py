def run(image: str = '', model: str = 'nielsr/dpt-large-redesign', device: str = "cpu"):
    'depth-estimation with nielsr/dpt-large-redesign.'
    from transformers import pipeline

    runner = pipeline('depth-estimation', model=model, device=device)
    return runner(image)
