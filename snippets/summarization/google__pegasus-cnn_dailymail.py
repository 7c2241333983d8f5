def run(text: str = '', model: str = 'google/pegasus-cnn_dailymail', device: str = "cpu"):
    'summarization with google/pegasus-cnn_dailymail.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
