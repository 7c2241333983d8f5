def run(text: str = '', model: str = 'jordiclive/flan-t5-3b-summarizer', device: str = "cpu"):
    'summarization with jordiclive/flan-t5-3b-summarizer.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
