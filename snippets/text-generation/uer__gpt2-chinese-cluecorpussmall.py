def run(text: str = '', model: str = 'uer/gpt2-chinese-cluecorpussmall', device: str = "cpu"):
    'text-generation with uer/gpt2-chinese-cluecorpussmall.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
