def run(image: str = '', question: str = '', model: str = 'naver-clova-ix/donut-base-finetuned-docvqa', device: str = "cpu"):
    'document-question-answering with naver-clova-ix/donut-base-finetuned-docvqa.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
