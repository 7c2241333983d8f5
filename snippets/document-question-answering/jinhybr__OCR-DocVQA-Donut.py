def run(image: str = '', question: str = '', model: str = 'jinhybr/OCR-DocVQA-Donut', device: str = "cpu"):
    'document-question-answering with jinhybr/OCR-DocVQA-Donut.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
