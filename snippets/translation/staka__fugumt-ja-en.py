def run(text: str = '', model: str = 'staka/fugumt-ja-en', device: str = "cpu"):
    'translation with staka/fugumt-ja-en.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
