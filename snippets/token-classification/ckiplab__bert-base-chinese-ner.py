def run(text: str = '', model: str = 'ckiplab/bert-base-chinese-ner', device: str = "cpu"):
    'token-classification with ckiplab/bert-base-chinese-ner.'
    from transformers import AutoModel, BertTokenizerFast, pipeline

    network = AutoModel.from_pretrained(model)
    tokenizer_1 = BertTokenizerFast.from_pretrained(model)
    runner = pipeline('token-classification', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
