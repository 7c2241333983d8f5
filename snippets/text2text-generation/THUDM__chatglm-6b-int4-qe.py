def run(text: str = '', model: str = 'THUDM/chatglm-6b-int4-qe', device: str = "cpu"):
    'text2text-generation with THUDM/chatglm-6b-int4-qe.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
