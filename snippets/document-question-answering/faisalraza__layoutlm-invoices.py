def run(image: str = '', question: str = '', model: str = 'faisalraza/layoutlm-invoices', device: str = "cpu"):
    'document-question-answering with faisalraza/layoutlm-invoices.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
