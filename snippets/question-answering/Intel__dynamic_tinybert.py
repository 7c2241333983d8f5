def run(context: str = '', question: str = '', model: str = 'Intel/dynamic_tinybert', device: str = "cpu"):
    'question-answering with Intel/dynamic_tinybert.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
