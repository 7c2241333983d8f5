def run(text: str = '', model: str = 'mrm8488/t5-base-finetuned-question-generation-ap', device: str = "cpu"):
    'text2text-generation with mrm8488/t5-base-finetuned-question-generation-ap.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
