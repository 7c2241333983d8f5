def run(text: str = '', model: str = 'google/pegasus-xsum', device: str = "cpu"):
    'summarization with google/pegasus-xsum.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
