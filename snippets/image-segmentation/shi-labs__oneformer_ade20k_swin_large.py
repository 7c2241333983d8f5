def run(image: str = '', model: str = 'shi-labs/oneformer_ade20k_swin_large', device: str = "cpu"):
    'image-segmentation with shi-labs/oneformer_ade20k_swin_large.'
    from transformers import OneFormerForUniversalSegmentation, OneFormerProcessor, pipeline

    network = OneFormerForUniversalSegmentation.from_pretrained(model)
    processor_1 = OneFormerProcessor.from_pretrained(model)
    runner = pipeline('image-segmentation', model=network, processor=processor_1, device=device)
    return runner(image)
