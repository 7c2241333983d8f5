def run(text: str = '', model: str = 'stabilityai/sd-vae-ft-mse-original', device: str = "cpu"):
    'text-to-image with stabilityai/sd-vae-ft-mse-original.'
    import torch
    from diffusers import DiffusionPipeline
    from PIL import Image

    runner = DiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
