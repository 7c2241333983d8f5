def run(image: str = '', question: str = '', model: str = 'MariaK/layoutlmv2-base-uncased_finetuned_docvqa_v2', device: str = "cpu"):
    'document-question-answering with MariaK/layoutlmv2-base-uncased_finetuned_docvqa_v2.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
