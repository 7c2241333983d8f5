def run(image: str = '', question: str = '', model: str = 'ivelin/donut-refexp-combined-v1', device: str = "cpu"):
    'visual-question-answering with ivelin/donut-refexp-combined-v1.'
    from transformers import pipeline

    runner = pipeline('visual-question-answering', model=model, device=device)
    return runner(image=image, question=question)
