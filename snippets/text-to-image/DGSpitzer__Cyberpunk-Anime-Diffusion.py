def run(text: str = '', model: str = 'DGSpitzer/Cyberpunk-Anime-Diffusion', device: str = "cpu"):
    'text-to-image with DGSpitzer/Cyberpunk-Anime-Diffusion.'
    import torch
    from diffusers import StableDiffusionPipeline
    from PIL import Image

    runner = StableDiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
