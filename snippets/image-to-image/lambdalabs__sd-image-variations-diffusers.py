def run(image: str = '', model: str = 'lambdalabs/sd-image-variations-diffusers', device: str = "cpu"):
    'image-to-image with lambdalabs/sd-image-variations-diffusers.'
    import torch
    from diffusers import StableDiffusionImageVariationPipeline
    from PIL import Image

    runner = StableDiffusionImageVariationPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(prompt="", image=Image.open(image)).images[0]
