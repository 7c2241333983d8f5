def run(text: str = '', model: str = 'damo-vilab/modelscope-damo-text-to-video-synthesis', device: str = "cpu"):
    'text-to-video with damo-vilab/modelscope-damo-text-to-video-synthesis.'
    import torch
    from diffusers import DiffusionPipeline
    from PIL import Image

    runner = DiffusionPipeline.from_pretrained(model, torch_dtype=torch.float32).to(device)
    return runner(text).frames[0]
