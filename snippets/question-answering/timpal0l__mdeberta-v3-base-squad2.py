def run(context: str = '', question: str = '', model: str = 'timpal0l/mdeberta-v3-base-squad2', device: str = "cpu"):
    'question-answering with timpal0l/mdeberta-v3-base-squad2.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
