def run(text: str = '', model: str = 'facebook/m2m100_418M', device: str = "cpu"):
    'text2text-generation with facebook/m2m100_418M.'
    from transformers import M2M100ForConditionalGeneration, M2M100Tokenizer, pipeline

    network = M2M100ForConditionalGeneration.from_pretrained(model)
    tokenizer_1 = M2M100Tokenizer.from_pretrained(model)
    runner = pipeline('text2text-generation', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
