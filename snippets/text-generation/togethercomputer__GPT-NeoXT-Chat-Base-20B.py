def run(text: str = '', model: str = 'togethercomputer/GPT-NeoXT-Chat-Base-20B', device: str = "cpu"):
    'text-generation with togethercomputer/GPT-NeoXT-Chat-Base-20B.'
    from transformers import AutoModelForCausalLM, AutoTokenizer, pipeline

    network = AutoModelForCausalLM.from_pretrained(model)
    tokenizer_1 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text-generation', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
