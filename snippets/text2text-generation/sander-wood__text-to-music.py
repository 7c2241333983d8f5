def run(text: str = '', model: str = 'sander-wood/text-to-music', device: str = "cpu"):
    'text2text-generation with sander-wood/text-to-music.'
    from transformers import AutoTokenizer, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text2text-generation', model=model, tokenizer=tokenizer_0, device=device)
    return runner(text)
