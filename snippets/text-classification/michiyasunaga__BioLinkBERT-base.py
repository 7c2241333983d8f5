def run(text: str = '', model: str = 'michiyasunaga/BioLinkBERT-base', device: str = "cpu"):
    'text-classification with michiyasunaga/BioLinkBERT-base.'
    from transformers import AutoModel, AutoTokenizer, pipeline

    network = AutoModel.from_pretrained(model)
    tokenizer_1 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('text-classification', model=network, tokenizer=tokenizer_1, device=device)
    return runner(text)
