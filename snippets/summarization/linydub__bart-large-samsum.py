def run(text: str = '', model: str = 'linydub/bart-large-samsum', device: str = "cpu"):
    'summarization with linydub/bart-large-samsum.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
