def run(text: str = '', model: str = 'microsoft/Multilingual-MiniLM-L12-H384', device: str = "cpu"):
    'text-classification with microsoft/Multilingual-MiniLM-L12-H384.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
