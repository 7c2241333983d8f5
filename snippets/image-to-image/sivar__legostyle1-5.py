def run(image: str = '', model: str = 'sivar/legostyle1-5', device: str = "cpu"):
    'image-to-image with sivar/legostyle1-5.'
    import torch
    from diffusers import StableDiffusionPipeline
    from PIL import Image

    runner = StableDiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(prompt="", image=Image.open(image)).images[0]
