def run(text: str = '', model: str = 'tuner007/pegasus_paraphrase', device: str = "cpu"):
    'text2text-generation with tuner007/pegasus_paraphrase.'
    from transformers import PegasusForConditionalGeneration, PegasusTokenizer, pipeline

    network = PegasusForConditionalGeneration.from_pretrained(model)
    tokenizer_1 = PegasusTokenizer.from_pretrained(model)
    runner = pipeline('text2text-generation', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
