def run(text: str = '', model: str = 'ml6team/distilbart-tos-summarizer-tosdr', device: str = "cpu"):
    'summarization with ml6team/distilbart-tos-summarizer-tosdr.'
    from transformers import AutoTokenizer, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('summarization', model=model, tokenizer=tokenizer_0, device=device)
    return runner(text)
