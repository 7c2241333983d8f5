def run(image: str = '', question: str = '', model: str = 'azwierzc/vilt-b32-finetuned-vqa-pl', device: str = "cpu"):
    'visual-question-answering with azwierzc/vilt-b32-finetuned-vqa-pl.'
    from transformers import pipeline

    runner = pipeline('visual-question-answering', model=model, device=device)
    return runner(image=image, question=question)
