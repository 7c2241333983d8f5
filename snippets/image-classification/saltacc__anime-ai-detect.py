def run(image: str = '', model: str = 'saltacc/anime-ai-detect', device: str = "cpu"):
    'image-classification with saltacc/anime-ai-detect.'
    from transformers import pipeline

    runner = pipeline('image-classification', model=model, device=device)
    return runner(image)
