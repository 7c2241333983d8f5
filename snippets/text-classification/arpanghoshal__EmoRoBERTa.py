def run(text: str = '', model: str = 'arpanghoshal/EmoRoBERTa', device: str = "cpu"):
    'text-classification with arpanghoshal/EmoRoBERTa.'
    from transformers import pipeline

    runner = pipeline('text-classification', model=model, device=device)
    return runner(text)
