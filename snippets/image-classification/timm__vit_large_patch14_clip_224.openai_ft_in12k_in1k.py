def run(image: str = '', model: str = 'timm/vit_large_patch14_clip_224.openai_ft_in12k_in1k', device: str = "cpu"):
    'image-classification with timm/vit_large_patch14_clip_224.openai_ft_in12k_in1k.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
