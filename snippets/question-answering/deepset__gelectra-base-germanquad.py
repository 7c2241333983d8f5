def run(context: str = '', question: str = '', model: str = 'deepset/gelectra-base-germanquad', device: str = "cpu"):
    'question-answering with deepset/gelectra-base-germanquad.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
