def run(text: str = '', model: str = 'declare-lab/flan-alpaca-xl', device: str = "cpu"):
    'text2text-generation with declare-lab/flan-alpaca-xl.'
    from transformers import pipeline

    runner = pipeline('text2text-generation', model=model, device=device)
    return runner(text)
