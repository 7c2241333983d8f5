def run(text: str = '', model: str = 'byeongal/Ko-DialoGPT', device: str = "cpu"):
    'conversational with byeongal/Ko-DialoGPT.'
    from transformers import GPT2LMHeadModel, PreTrainedTokenizerFast, pipeline

    network = GPT2LMHeadModel.from_pretrained(model)
    tokenizer_1 = PreTrainedTokenizerFast.from_pretrained(model)
    runner = pipeline('text-generation', model=network, tokenizer=tokenizer_1, device=device)
    return runner([{"role": "user", "content": text}])
