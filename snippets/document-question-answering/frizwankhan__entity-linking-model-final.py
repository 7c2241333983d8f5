def run(image: str = '', question: str = '', model: str = 'frizwankhan/entity-linking-model-final', device: str = "cpu"):
    'document-question-answering with frizwankhan/entity-linking-model-final.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
