def run(context: str = '', question: str = '', model: str = 'valhalla/longformer-base-4096-finetuned-squadv1', device: str = "cpu"):
    'question-answering with valhalla/longformer-base-4096-finetuned-squadv1.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
