def run(text: str = '', model: str = 'thu-coai/CDial-GPT_LCCC-large', device: str = "cpu"):
    'conversational with thu-coai/CDial-GPT_LCCC-large.'
    from transformers import BertTokenizer, OpenAIGPTLMHeadModel, pipeline

    tokenizer_0 = BertTokenizer.from_pretrained(model)
    network = OpenAIGPTLMHeadModel.from_pretrained(model)
    runner = pipeline('text-generation', tokenizer=tokenizer_0, model=network, device=device)
    return runner([{"role": "user", "content": text}])
