def run(text: str = '', model: str = 'Tune-A-Video-library/redshift-man-skiing', device: str = "cpu"):
    'text-to-video with Tune-A-Video-library/redshift-man-skiing.'
    import torch
    from diffusers import DiffusionPipeline
    from PIL import Image

    runner = DiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).frames[0]
