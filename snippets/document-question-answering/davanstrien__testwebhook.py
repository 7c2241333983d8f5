def run(image: str = '', question: str = '', model: str = 'davanstrien/testwebhook', device: str = "cpu"):
    'document-question-answering with davanstrien/testwebhook.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
