def run(image: str = '', model: str = 'Sohaib36/MonoScene', device: str = "cpu"):
    'depth-estimation with Sohaib36/MonoScene.'
    from transformers import pipeline

    runner = pipeline('depth-estimation', model=model, device=device)
    return runner(image)
