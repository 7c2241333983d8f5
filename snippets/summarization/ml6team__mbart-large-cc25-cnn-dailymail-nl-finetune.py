def run(text: str = '', model: str = 'ml6team/mbart-large-cc25-cnn-dailymail-nl-finetune', device: str = "cpu"):
    'summarization with ml6team/mbart-large-cc25-cnn-dailymail-nl-finetune.'
    from transformers import pipeline

    runner = pipeline('summarization', model=model, device=device)
    return runner(text)
