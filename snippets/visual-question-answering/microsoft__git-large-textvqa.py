def run(image: str = '', question: str = '', model: str = 'microsoft/git-large-textvqa', device: str = "cpu"):
    'visual-question-answering with microsoft/git-large-textvqa.'
    from transformers import pipeline

    runner = pipeline('visual-question-answering', model=model, device=device)
    return runner(image=image, question=question)
