def run(text: str = '', model: str = 'Salesforce/codet5-base', device: str = "cpu"):
    'text2text-generation with Salesforce/codet5-base.'
    from transformers import RobertaTokenizer, T5ForConditionalGeneration, pipeline

    tokenizer_0 = RobertaTokenizer.from_pretrained(model)
    network = T5ForConditionalGeneration.from_pretrained(model)
    runner = pipeline('text2text-generation', tokenizer=tokenizer_0, model=network, device=device)
    return runner(text)
