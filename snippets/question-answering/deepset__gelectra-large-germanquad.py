def run(context: str = '', question: str = '', model: str = 'deepset/gelectra-large-germanquad', device: str = "cpu"):
    'question-answering with deepset/gelectra-large-germanquad.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
