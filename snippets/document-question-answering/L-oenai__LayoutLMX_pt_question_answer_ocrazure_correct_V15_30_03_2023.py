def run(image: str = '', question: str = '', model: str = 'L-oenai/LayoutLMX_pt_question_answer_ocrazure_correct_V15_30_03_2023', device: str = "cpu"):
    'document-question-answering with L-oenai/LayoutLMX_pt_question_answer_ocrazure_correct_V15_30_03_2023.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
