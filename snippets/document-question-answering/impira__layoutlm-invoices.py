def run(image: str = '', question: str = '', model: str = 'impira/layoutlm-invoices', device: str = "cpu"):
    'document-question-answering with impira/layoutlm-invoices.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
