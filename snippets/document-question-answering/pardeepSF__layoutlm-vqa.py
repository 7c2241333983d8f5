def run(image: str = '', question: str = '', model: str = 'pardeepSF/layoutlm-vqa', device: str = "cpu"):
    'document-question-answering with pardeepSF/layoutlm-vqa.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
