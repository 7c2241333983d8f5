def run(text: str = '', model: str = 'togethercomputer/GPT-JT-6B-v1', device: str = "cpu"):
    'text-generation with togethercomputer/GPT-JT-6B-v1.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
