def run(image: str = '', question: str = '', model: str = 'tiennvcs/layoutlmv2-base-uncased-finetuned-docvqa', device: str = "cpu"):
    'document-question-answering with tiennvcs/layoutlmv2-base-uncased-finetuned-docvqa.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
