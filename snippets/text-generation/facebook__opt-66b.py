def run(text: str = '', model: str = 'facebook/opt-66b', device: str = "cpu"):
    'text-generation with facebook/opt-66b.'
    from transformers import AutoModelForCausalLM, AutoTokenizer, pipeline

    network = AutoModelForCausalLM.from_pretrained(model)
    tokenizer_1 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text-generation', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
