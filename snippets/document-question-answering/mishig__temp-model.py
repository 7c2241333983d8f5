def run(image: str = '', question: str = '', model: str = 'mishig/temp-model', device: str = "cpu"):
    'document-question-answering with mishig/temp-model.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
