def run(text: str = '', model: str = 'google/flan-ul2', device: str = "cpu"):
    'text2text-generation with google/flan-ul2.'
    from transformers import AutoTokenizer, T5ForConditionalGeneration, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    network = T5ForConditionalGeneration.from_pretrained(model)
    runner = pipeline('text2text-generation', tokenizer=tokenizer_0, model=network, device=device)
    return runner(text)
