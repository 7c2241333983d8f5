def run(text: str = '', model: str = 'Helsinki-NLP/opus-mt-en-de', device: str = "cpu"):
    'translation with Helsinki-NLP/opus-mt-en-de.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
