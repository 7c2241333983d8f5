def run(image: str = '', model: str = 'sayakpaul/glpn-nyu-finetuned-diode-221121-113853', device: str = "cpu"):
    'depth-estimation with sayakpaul/glpn-nyu-finetuned-diode-221121-113853.'
    from transformers import pipeline

    runner = pipeline('depth-estimation', model=model, device=device)
    return runner(image)
