def run(text: str = '', model: str = 'pszemraj/long-t5-tglobal-base-16384-book-summary', device: str = "cpu"):
    'summarization with pszemraj/long-t5-tglobal-base-16384-book-summary.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
