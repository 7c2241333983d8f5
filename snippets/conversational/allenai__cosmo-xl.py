def run(text: str = '', model: str = 'allenai/cosmo-xl', device: str = "cpu"):
    'conversational with allenai/cosmo-xl.'
    from transformers import AutoTokenizer, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text-generation', model=model, tokenizer=tokenizer_0, device=device)
    return runner([{"role": "user", "content": text}])
