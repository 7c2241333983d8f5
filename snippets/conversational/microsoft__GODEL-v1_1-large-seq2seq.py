def run(text: str = '', model: str = 'microsoft/GODEL-v1_1-large-seq2seq', device: str = "cpu"):
    'conversational with microsoft/GODEL-v1_1-large-seq2seq.'
    from transformers import AutoTokenizer, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text-generation', model=model, tokenizer=tokenizer_0, device=device)
    return runner([{"role": "user", "content": text}])
