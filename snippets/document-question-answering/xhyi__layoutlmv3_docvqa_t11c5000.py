def run(image: str = '', question: str = '', model: str = 'xhyi/layoutlmv3_docvqa_t11c5000', device: str = "cpu"):
    'document-question-answering with xhyi/layoutlmv3_docvqa_t11c5000.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
