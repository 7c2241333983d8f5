def run(context: str = '', question: str = '', model: str = 'AlexKay/xlm-roberta-large-qa-multilingual-finedtuned-ru', device: str = "cpu"):
    'question-answering with AlexKay/xlm-roberta-large-qa-multilingual-finedtuned-ru.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
