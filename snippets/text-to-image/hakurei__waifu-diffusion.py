def run(text: str = '', model: str = 'hakurei/waifu-diffusion', device: str = "cpu"):
    'text-to-image with hakurei/waifu-diffusion.'
    import torch
    from diffusers import StableDiffusionPipeline
    from PIL import Image

    runner = StableDiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
