def run(context: str = '', question: str = '', model: str = 'etalab-ia/camembert-base-squadFR-fquad-piaf', device: str = "cpu"):
    'question-answering with etalab-ia/camembert-base-squadFR-fquad-piaf.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
