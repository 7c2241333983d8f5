def run(text: str = '', model: str = 'google/bigbird-pegasus-large-arxiv', device: str = "cpu"):
    'summarization with google/bigbird-pegasus-large-arxiv.'
    from transformers import AutoTokenizer, BigBirdPegasusForConditionalGeneration, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    network = BigBirdPegasusForConditionalGeneration.from_pretrained(model)
    runner = pipeline('summarization', tokenizer=tokenizer_0, model=network, device=device)
    return runner(text)
