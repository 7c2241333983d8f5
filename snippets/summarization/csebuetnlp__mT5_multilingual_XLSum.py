def run(text: str = '', model: str = 'csebuetnlp/mT5_multilingual_XLSum', device: str = "cpu"):
    'summarization with csebuetnlp/mT5_multilingual_XLSum.'
    from transformers import AutoTokenizer, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('summarization', model=model, tokenizer=tokenizer_0, device=device)
    return runner(text)
