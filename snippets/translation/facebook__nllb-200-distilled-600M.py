def run(text: str = '', model: str = 'facebook/nllb-200-distilled-600M', device: str = "cpu"):
    'translation with facebook/nllb-200-distilled-600M.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
