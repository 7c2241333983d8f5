def run(text: str = '', model: str = 'dreamlike-art/dreamlike-diffusion-1.0', device: str = "cpu"):
    'text-to-image with dreamlike-art/dreamlike-diffusion-1.0.'
    import torch
    from diffusers import StableDiffusionPipeline
    from PIL import Image

    runner = StableDiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
