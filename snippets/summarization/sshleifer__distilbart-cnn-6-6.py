def run(text: str = '', model: str = 'sshleifer/distilbart-cnn-6-6', device: str = "cpu"):
    'summarization with sshleifer/distilbart-cnn-6-6.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
