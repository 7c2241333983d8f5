def run(text: str = '', model: str = 'IDEA-CCNL/Randeng-Pegasus-238M-Summary-Chinese', device: str = "cpu"):
    'summarization with IDEA-CCNL/Randeng-Pegasus-238M-Summary-Chinese.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
