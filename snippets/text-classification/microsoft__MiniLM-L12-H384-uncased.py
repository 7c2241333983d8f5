def run(text: str = '', model: str = 'microsoft/MiniLM-L12-H384-uncased', device: str = "cpu"):
    'text-classification with microsoft/MiniLM-L12-H384-uncased.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
