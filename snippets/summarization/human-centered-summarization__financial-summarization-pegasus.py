def run(text: str = '', model: str = 'human-centered-summarization/financial-summarization-pegasus', device: str = "cpu"):
    'summarization with human-centered-summarization/financial-summarization-pegasus.'
    from transformers import PegasusForConditionalGeneration, PegasusTokenizer, pipeline

    network = PegasusForConditionalGeneration.from_pretrained(model)
    tokenizer_1 = PegasusTokenizer.from_pretrained(model)
    runner = pipeline('summarization', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
