def run(text: str = '', model: str = 'Helsinki-NLP/opus-mt-en-ru', device: str = "cpu"):
    'translation with Helsinki-NLP/opus-mt-en-ru.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
