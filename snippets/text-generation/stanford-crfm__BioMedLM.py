def run(text: str = '', model: str = 'stanford-crfm/BioMedLM', device: str = "cpu"):
    'text-generation with stanford-crfm/BioMedLM.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
