def run(text: str = '', model: str = 'facebook/bart-large-cnn', device: str = "cpu"):
    'summarization with facebook/bart-large-cnn.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
