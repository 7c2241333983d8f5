def run(text: str = '', model: str = 'bigscience/T0_3B', device: str = "cpu"):
    'text2text-generation with bigscience/T0_3B.'
    from transformers import AutoTokenizer, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text2text-generation', model=model, tokenizer=tokenizer_0, device=device)
    return runner(text)
