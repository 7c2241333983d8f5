def run(text: str = '', model: str = 'google/pegasus-large', device: str = "cpu"):
    'summarization with google/pegasus-large.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
