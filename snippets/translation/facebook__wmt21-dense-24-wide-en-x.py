def run(text: str = '', model: str = 'facebook/wmt21-dense-24-wide-en-x', device: str = "cpu"):
    'translation with facebook/wmt21-dense-24-wide-en-x.'
    from transformers import AutoTokenizer, pipeline

    tokenizer_0 = AutoTokenizer.from_pretrained(model)
    runner = pipeline('translation', model=model, tokenizer=tokenizer_0, device=device)
    return runner(text)
