def run(text: str = '', model: str = 'bigscience/T0', device: str = "cpu"):
    'text2text-generation with bigscience/T0.'
    from transformers import AutoTokenizer, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text2text-generation', model=model, tokenizer=tokenizer_0, device=device)
    return runner(text)
