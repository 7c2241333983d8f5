def run(text: str = '', model: str = 'plguillou/t5-base-fr-sum-cnndm', device: str = "cpu"):
    'summarization with plguillou/t5-base-fr-sum-cnndm.'
    from transformers import T5ForConditionalGeneration, T5Tokenizer, pipeline

    network = T5ForConditionalGeneration.from_pretrained(model)
    tokenizer_1 = T5Tokenizer.from_pretrained(model)
    runner = pipeline('summarization', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
