def run(image: str = '', question: str = '', model: str = 'tufa15nik/vilt-finetuned-vqasi', device: str = "cpu"):
    'visual-question-answering with tufa15nik/vilt-finetuned-vqasi.'
    from transformers import pipeline

    runner = pipeline('visual-question-answering', model=model, device=device)
    return runner(image=image, question=question)
