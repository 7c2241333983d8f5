def run(text: str = '', model: str = 'philschmid/flan-t5-base-samsum', device: str = "cpu"):
    'text2text-generation with philschmid/flan-t5-base-samsum.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
