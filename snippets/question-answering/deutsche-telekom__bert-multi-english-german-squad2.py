def run(context: str = '', question: str = '', model: str = 'deutsche-telekom/bert-multi-english-german-squad2', device: str = "cpu"):
    'question-answering with deutsche-telekom/bert-multi-english-german-squad2.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
