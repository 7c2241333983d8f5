def run(image: str = '', question: str = '', model: str = 'microsoft/git-base-textvqa', device: str = "cpu"):
    'visual-question-answering with microsoft/git-base-textvqa.'
    from transformers import pipeline

    runner = pipeline('visual-question-answering', model=model, device=device)
    return runner(image=image, question=question)
