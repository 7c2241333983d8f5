def run(text: str = '', model: str = 'nbroad/ESG-BERT', device: str = "cpu"):
    'text-classification with nbroad/ESG-BERT.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
