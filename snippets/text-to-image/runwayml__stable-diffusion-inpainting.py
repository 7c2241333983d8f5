def run(text: str = '', model: str = 'runwayml/stable-diffusion-inpainting', device: str = "cpu"):
    'text-to-image with runwayml/stable-diffusion-inpainting.'
    import torch
    from diffusers import DiffusionPipeline
    from PIL import Image

    runner = DiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
