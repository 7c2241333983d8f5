def run(text: str = '', model: str = 't5-small', device: str = "cpu"):
    'translation with t5-small.'
    from transformers import T5Model, T5Tokenizer, pipeline

    network = T5Model.from_pretrained(model)
    tokenizer_1 = T5Tokenizer.from_pretrained(model)
    runner = pipeline('translation', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
