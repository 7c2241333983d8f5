def run(image: str = '', question: str = '', model: str = 'microsoft/git-large-vqav2', device: str = "cpu"):
    'visual-question-answering with microsoft/git-large-vqav2.'
    from transformers import pipeline

    runner = pipeline('visual-question-answering', model=model, device=device)
    return runner(image=image, question=question)
