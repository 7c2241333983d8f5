def run(text: str = '', model: str = 'Helsinki-NLP/opus-mt-en-es', device: str = "cpu"):
    'translation with Helsinki-NLP/opus-mt-en-es.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
