def run(text: str = '', model: str = 'facebook/bart-large-xsum', device: str = "cpu"):
    'summarization with facebook/bart-large-xsum.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
