def run(context: str = '', question: str = '', model: str = 'uer/roberta-base-chinese-extractive-qa', device: str = "cpu"):
    'question-answering with uer/roberta-base-chinese-extractive-qa.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
