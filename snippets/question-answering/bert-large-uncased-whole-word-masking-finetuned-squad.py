def run(context: str = '', question: str = '', model: str = 'bert-large-uncased-whole-word-masking-finetuned-squad', device: str = "cpu"):
    'question-answering with bert-large-uncased-whole-word-masking-finetuned-squad.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
