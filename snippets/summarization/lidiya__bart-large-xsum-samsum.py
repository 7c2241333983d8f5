def run(text: str = '', model: str = 'lidiya/bart-large-xsum-samsum', device: str = "cpu"):
    'summarization with lidiya/bart-large-xsum-samsum.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
