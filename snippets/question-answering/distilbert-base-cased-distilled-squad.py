def run(context: str = '', question: str = '', model: str = 'distilbert-base-cased-distilled-squad', device: str = "cpu"):
    'question-answering with distilbert-base-cased-distilled-squad.'
    from transformers import DistilBertModel, DistilBertTokenizer, pipeline

    network = DistilBertModel.from_pretrained(model)
    tokenizer_1 = DistilBertTokenizer.from_pretrained(model)
    runner = pipeline('question-answering', model=network, tokenizer=tokenizer_1, device=device)
    return runner(question=question, context=context)
