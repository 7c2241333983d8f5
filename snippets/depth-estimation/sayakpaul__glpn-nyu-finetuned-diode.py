def run(image: str = '', model: str = 'sayakpaul/glpn-nyu-finetuned-diode', device: str = "cpu"):
    'depth-estimation with sayakpaul/glpn-nyu-finetuned-diode.'
    from transformers import pipeline

    runner = pipeline('depth-estimation', model=model, device=device)
    return runner(image)
