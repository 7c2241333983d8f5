def run(text: str = '', model: str = 'stabilityai/stable-diffusion-2-1', device: str = "cpu"):
    'text-to-image with stabilityai/stable-diffusion-2-1.'
    import torch
    from diffusers import StableDiffusionPipeline
    from PIL import Image

    runner = StableDiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
