def run(text: str = '', model: str = 'damo-vilab/text-to-video-ms-1.7b-legacy', device: str = "cpu"):
    'text-to-video with damo-vilab/text-to-video-ms-1.7b-legacy.'
    import torch
    from diffusers import DiffusionPipeline
    from PIL import Image

    runner = DiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).frames[0]
