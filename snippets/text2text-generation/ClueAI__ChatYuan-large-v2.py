def run(text: str = '', model: str = 'ClueAI/ChatYuan-large-v2', device: str = "cpu"):
    'text2text-generation with ClueAI/ChatYuan-large-v2.'
    from transformers import AutoModel, AutoTokenizer, pipeline

    network = AutoModel.from_pretrained(model)
    tokenizer_1 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text2text-generation', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
