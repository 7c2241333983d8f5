def run(context: str = '', question: str = '', model: str = 'pierreguillou/bert-large-cased-squad-v1.1-portuguese', device: str = "cpu"):
    'question-answering with pierreguillou/bert-large-cased-squad-v1.1-portuguese.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
