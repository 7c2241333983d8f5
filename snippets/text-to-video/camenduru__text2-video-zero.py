def run(text: str = '', model: str = 'camenduru/text2-video-zero', device: str = "cpu"):
    'text-to-video with camenduru/text2-video-zero.'
    import torch
    from diffusers import DiffusionPipeline
    from PIL import Image

    runner = DiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).frames[0]
