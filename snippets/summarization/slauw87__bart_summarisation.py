def run(text: str = '', model: str = 'slauw87/bart_summarisation', device: str = "cpu"):
    'summarization with slauw87/bart_summarisation.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
