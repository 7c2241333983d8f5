def run(image: str = '', model: str = 'Intel/dpt-hybrid-midas', device: str = "cpu"):
    'depth-estimation with Intel/dpt-hybrid-midas.'
    from transformers import pipeline

    runner = pipeline('depth-estimation', model=model, device=device)
    return runner(image)
