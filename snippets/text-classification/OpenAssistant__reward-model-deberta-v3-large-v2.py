def run(text: str = '', model: str = 'OpenAssistant/reward-model-deberta-v3-large-v2', device: str = "cpu"):
    'text-classification with OpenAssistant/reward-model-deberta-v3-large-v2.'
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, pipeline

    network = AutoModelForSequenceClassification.from_pretrained(model)
    tokenizer_1 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text-classification', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
