def run(text: str = '', model: str = 'r3dhummingbird/DialoGPT-medium-joshua', device: str = "cpu"):
    'conversational with r3dhummingbird/DialoGPT-medium-joshua.'
    from transformers import AutoTokenizer, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text-generation', model=model, tokenizer=tokenizer_0, device=device)
    return runner([{"role": "user", "content": text}])
