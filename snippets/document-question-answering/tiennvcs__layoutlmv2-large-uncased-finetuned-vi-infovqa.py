def run(image: str = '', question: str = '', model: str = 'tiennvcs/layoutlmv2-large-uncased-finetuned-vi-infovqa', device: str = "cpu"):
    'document-question-answering with tiennvcs/layoutlmv2-large-uncased-finetuned-vi-infovqa.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
