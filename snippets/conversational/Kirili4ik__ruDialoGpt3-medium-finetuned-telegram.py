def run(text: str = '', model: str = 'Kirili4ik/ruDialoGpt3-medium-finetuned-telegram', device: str = "cpu"):
    'conversational with Kirili4ik/ruDialoGpt3-medium-finetuned-telegram.'
    from transformers import AutoModelForCausalLM, AutoTokenizer, pipeline

    network = AutoModelForCausalLM.from_pretrained(model)
    tokenizer_1 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text-generation', model=network, tokenizer=tokenizer_1, device=device)
    return runner([{"role": "user", "content": text}])
