def run(text: str = '', model: str = 'CompVis/stable-diffusion-v1-4', device: str = "cpu"):
    'text-to-image with CompVis/stable-diffusion-v1-4.'
    import torch
    from diffusers import StableDiffusionPipeline
    from PIL import Image

    runner = StableDiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
