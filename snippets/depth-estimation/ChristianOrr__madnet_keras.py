def run(image: str = '', model: str = 'ChristianOrr/madnet_keras', device: str = "cpu"):
    'depth-estimation with ChristianOrr/madnet_keras.'
    from transformers import pipeline

    runner = pipeline('depth-estimation', model=model, device=device)
    return runner(image)
