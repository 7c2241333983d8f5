def run(text: str = '', model: str = 'prithivida/parrot_paraphraser_on_T5', device: str = "cpu"):
    'text2text-generation with prithivida/parrot_paraphraser_on_T5.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
