def run(image: str = '', model: str = 'sayakpaul/glpn-nyu-finetuned-diode-221215-095508', device: str = "cpu"):
    'depth-estimation with sayakpaul/glpn-nyu-finetuned-diode-221215-095508.'
    from transformers import pipeline

    runner = pipeline('depth-estimation', model=model, device=device)
    return runner(image)
