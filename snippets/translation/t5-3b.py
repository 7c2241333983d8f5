def run(text: str = '', model: str = 't5-3b', device: str = "cpu"):
    'translation with t5-3b.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
