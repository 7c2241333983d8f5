def run(text: str = '', model: str = 'philschmid/bart-large-cnn-samsum', device: str = "cpu"):
    'summarization with philschmid/bart-large-cnn-samsum.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
