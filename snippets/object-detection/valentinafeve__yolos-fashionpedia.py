def run(image: str = '', model: str = 'valentinafeve/yolos-fashionpedia', device: str = "cpu"):
    'object-detection with valentinafeve/yolos-fashionpedia.'
    from transformers import pipeline

    runner = pipeline('object-detection', model=model, device=device)
    return runner(image)
