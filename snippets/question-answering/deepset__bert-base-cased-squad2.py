def run(context: str = '', question: str = '', model: str = 'deepset/bert-base-cased-squad2', device: str = "cpu"):
    'question-answering with deepset/bert-base-cased-squad2.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
