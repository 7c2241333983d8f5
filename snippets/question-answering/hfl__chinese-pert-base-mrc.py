def run(context: str = '', question: str = '', model: str = 'hfl/chinese-pert-base-mrc', device: str = "cpu"):
    'question-answering with hfl/chinese-pert-base-mrc.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
