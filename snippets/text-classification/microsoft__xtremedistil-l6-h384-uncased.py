def run(text: str = '', model: str = 'microsoft/xtremedistil-l6-h384-uncased', device: str = "cpu"):
    'text-classification with microsoft/xtremedistil-l6-h384-uncased.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
