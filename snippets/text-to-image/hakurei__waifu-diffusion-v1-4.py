def run(text: str = '', model: str = 'hakurei/waifu-diffusion-v1-4', device: str = "cpu"):
    'text-to-image with hakurei/waifu-diffusion-v1-4.'
    import torch
    from diffusers import DiffusionPipeline
    from PIL import Image

    runner = DiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
