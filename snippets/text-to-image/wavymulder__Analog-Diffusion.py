def run(text: str = '', model: str = 'wavymulder/Analog-Diffusion', device: str = "cpu"):
    'text-to-image with wavymulder/Analog-Diffusion.'
    import torch
    from diffusers import DiffusionPipeline
    from PIL import Image

    runner = DiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
