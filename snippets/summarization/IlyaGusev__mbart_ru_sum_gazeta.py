def run(text: str = '', model: str = 'IlyaGusev/mbart_ru_sum_gazeta', device: str = "cpu"):
    'summarization with IlyaGusev/mbart_ru_sum_gazeta.'
    from transformers import MBartForConditionalGeneration, MBartTokenizer, pipeline

    network = MBartForConditionalGeneration.from_pretrained(model)
    tokenizer_1 = MBartTokenizer.from_pretrained(model)
    runner = pipeline('summarization', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
