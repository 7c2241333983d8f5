def run(text: str = '', model: str = 'runwayml/stable-diffusion-v1-5', device: str = "cpu"):
    'text-to-image with runwayml/stable-diffusion-v1-5.'
    import torch
    from diffusers import StableDiffusionPipeline
    from PIL import Image

    runner = StableDiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
