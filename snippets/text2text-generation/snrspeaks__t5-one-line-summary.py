def run(text: str = '', model: str = 'snrspeaks/t5-one-line-summary', device: str = "cpu"):
    'text2text-generation with snrspeaks/t5-one-line-summary.'
    from transformers import AutoTokenizer, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text2text-generation', model=model, tokenizer=tokenizer_0, device=device)
    return runner(text)
