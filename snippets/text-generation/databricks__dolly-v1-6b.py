def run(text: str = '', model: str = 'databricks/dolly-v1-6b', device: str = "cpu"):
    'text-generation with databricks/dolly-v1-6b.'
    from transformers import AutoModelForCausalLM, AutoTokenizer, pipeline

    network = AutoModelForCausalLM.from_pretrained(model)
    tokenizer_1 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text-generation', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
