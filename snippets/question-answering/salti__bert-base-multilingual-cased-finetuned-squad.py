def run(context: str = '', question: str = '', model: str = 'salti/bert-base-multilingual-cased-finetuned-squad', device: str = "cpu"):
    'question-answering with salti/bert-base-multilingual-cased-finetuned-squad.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
