def run(text: str = '', model: str = 'knkarthick/MEETING_SUMMARY', device: str = "cpu"):
    'summarization with knkarthick/MEETING_SUMMARY.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
