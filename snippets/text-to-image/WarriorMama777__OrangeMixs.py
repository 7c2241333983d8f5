def run(text: str = '', model: str = 'WarriorMama777/OrangeMixs', device: str = "cpu"):
    'text-to-image with WarriorMama777/OrangeMixs.'
    import torch
    from diffusers import DiffusionPipeline
    from PIL import Image

    runner = DiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).images[0]
