def run(text: str = '', model: str = 'ml6team/keyphrase-extraction-kbir-inspec', device: str = "cpu"):
    'token-classification with ml6team/keyphrase-extraction-kbir-inspec.'
    from transformers import pipeline

    runner = pipeline('token-classification', model=model, device=device)
    return runner(text)
