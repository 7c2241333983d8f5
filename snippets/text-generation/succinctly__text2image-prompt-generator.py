def run(text: str = '', model: str = 'succinctly/text2image-prompt-generator', device: str = "cpu"):
    'text-generation with succinctly/text2image-prompt-generator.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
