def run(image: str = '', model: str = 'sayakpaul/glpn-kitti-finetuned-diode', device: str = "cpu"):
    'depth-estimation with sayakpaul/glpn-kitti-finetuned-diode.'
    from transformers import pipeline

    runner = pipeline('depth-estimation', model=model, device=device)
    return runner(image)
