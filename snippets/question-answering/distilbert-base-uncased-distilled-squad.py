def run(context: str = '', question: str = '', model: str = 'distilbert-base-uncased-distilled-squad', device: str = "cpu"):
    'question-answering with distilbert-base-uncased-distilled-squad.'
    from transformers import DistilBertForQuestionAnswering, DistilBertTokenizer, pipeline

    network = DistilBertForQuestionAnswering.from_pretrained(model)
    tokenizer_1 = DistilBertTokenizer.from_pretrained(model)
    runner = pipeline('question-answering', model=network, tokenizer=tokenizer_1, device=device)
    return runner(question=question, context=context)
