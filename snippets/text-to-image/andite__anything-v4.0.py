def run(text: str = '', model: str = 'andite/anything-v4.0', device: str = "cpu"):
    'text-to-image with andite/anything-v4.0.'
    import torch
    from diffusers import DiffusionPipeline
    from PIL import Image

    runner = DiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
