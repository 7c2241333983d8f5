def run(image: str = '', question: str = '', model: str = 'hf-tiny-model-private/tiny-random-ViltForQuestionAnswering', device: str = "cpu"):
    'visual-question-answering with hf-tiny-model-private/tiny-random-ViltForQuestionAnswering.'
    from transformers import pipeline

    runner = pipeline('visual-question-answering', model=model, device=device)
    return runner(image=image, question=question)
