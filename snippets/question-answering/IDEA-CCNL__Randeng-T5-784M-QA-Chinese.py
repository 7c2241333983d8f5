def run(context: str = '', question: str = '', model: str = 'IDEA-CCNL/Randeng-T5-784M-QA-Chinese', device: str = "cpu"):
    'question-answering with IDEA-CCNL/Randeng-T5-784M-QA-Chinese.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
