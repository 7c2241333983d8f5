def run(image: str = '', model: str = 'hf-tiny-model-private/tiny-random-DPTForDepthEstimation', device: str = "cpu"):
    'depth-estimation with hf-tiny-model-private/tiny-random-DPTForDepthEstimation.'
    from transformers import pipeline

    runner = pipeline('depth-estimation', model=model, device=device)
    return runner(image)
