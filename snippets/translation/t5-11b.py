def run(text: str = '', model: str = 't5-11b', device: str = "cpu"):
    'translation with t5-11b.'
    from transformers import T5ForConditionalGeneration, pipeline

    network = T5ForConditionalGeneration.from_pretrained(model)
    runner = pipeline('translation', model=network, device=device)
    return runner(text)
