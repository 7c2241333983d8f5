def run(text: str = '', model: str = 'phpaiola/ptt5-base-summ-xlsum', device: str = "cpu"):
    'summarization with phpaiola/ptt5-base-summ-xlsum.'
    from transformers import T5ForConditionalGeneration, T5Tokenizer, pipeline

    network = T5ForConditionalGeneration.from_pretrained(model)
    tokenizer_1 = T5Tokenizer.from_pretrained(model)
    runner = pipeline('summarization', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
