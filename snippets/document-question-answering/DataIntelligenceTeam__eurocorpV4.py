def run(image: str = '', question: str = '', model: str = 'DataIntelligenceTeam/eurocorpV4', device: str = "cpu"):
    'document-question-answering with DataIntelligenceTeam/eurocorpV4.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
