def run(image: str = '', question: str = '', model: str = 'hf-tiny-model-private/tiny-random-LayoutLMv3ForQuestionAnswering', device: str = "cpu"):
    'document-question-answering with hf-tiny-model-private/tiny-random-LayoutLMv3ForQuestionAnswering.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
