def run(text: str = '', model: str = 'staka/fugumt-en-ja', device: str = "cpu"):
    'translation with staka/fugumt-en-ja.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
