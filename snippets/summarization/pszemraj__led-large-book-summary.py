def run(text: str = '', model: str = 'pszemraj/led-large-book-summary', device: str = "cpu"):
    'summarization with pszemraj/led-large-book-summary.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
