def run(text: str = '', model: str = 'jordiclive/flan-t5-11b-summarizer-filtered', device: str = "cpu"):
    'summarization with jordiclive/flan-t5-11b-summarizer-filtered.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
