def run(text: str = '', model: str = 'cardiffnlp/twitter-roberta-base-sentiment', device: str = "cpu"):
    'text-classification with cardiffnlp/twitter-roberta-base-sentiment.'
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, TFAutoModelForSequenceClassification, pipeline

    network = AutoModelForSequenceClassification.from_pretrained(model)
    tokenizer_1 = AutoTokenizer.from_pretrained(model)
    network = TFAutoModelForSequenceClassification.from_pretrained(model)
    runner = pipeline('text-classification', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
