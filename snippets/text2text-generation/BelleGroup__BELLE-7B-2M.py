def run(text: str = '', model: str = 'BelleGroup/BELLE-7B-2M', device: str = "cpu"):
    'text2text-generation with BelleGroup/BELLE-7B-2M.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
