def run(text: str = '', model: str = 'ClueAI/PromptCLUE-base', device: str = "cpu"):
    'text2text-generation with ClueAI/PromptCLUE-base.'
    from transformers import T5ForConditionalGeneration, T5Tokenizer, pipeline

    network = T5ForConditionalGeneration.from_pretrained(model)
    tokenizer_1 = T5Tokenizer.from_pretrained(model)
    runner = pipeline('text2text-generation', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
