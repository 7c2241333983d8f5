def run(text: str = '', model: str = 'distilbert-base-uncased-finetuned-sst-2-english', device: str = "cpu"):
    'text-classification with distilbert-base-uncased-finetuned-sst-2-english.'
    from transformers import DistilBertForSequenceClassification, DistilBertTokenizer, pipeline

    network = DistilBertForSequenceClassification.from_pretrained(model)
    tokenizer_1 = DistilBertTokenizer.from_pretrained(model)
    runner = pipeline('text-classification', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
