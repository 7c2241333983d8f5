def run(text: str = '', model: str = 'K024/mt5-zh-ja-en-trimmed', device: str = "cpu"):
    'translation with K024/mt5-zh-ja-en-trimmed.'
    from transformers import MT5ForConditionalGeneration, T5Tokenizer, pipeline

    network = MT5ForConditionalGeneration.from_pretrained(model)
    tokenizer_1 = T5Tokenizer.from_pretrained(model)
    runner = pipeline('translation', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
