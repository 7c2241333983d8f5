def run(text: str = '', model: str = 'tuner007/pegasus_summarizer', device: str = "cpu"):
    'summarization with tuner007/pegasus_summarizer.'
    from transformers import PegasusForConditionalGeneration, PegasusTokenizer, pipeline

    network = PegasusForConditionalGeneration.from_pretrained(model)
    tokenizer_1 = PegasusTokenizer.from_pretrained(model)
    runner = pipeline('summarization', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
