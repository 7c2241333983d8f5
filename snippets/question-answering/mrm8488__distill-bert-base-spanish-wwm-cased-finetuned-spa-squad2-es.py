def run(context: str = '', question: str = '', model: str = 'mrm8488/distill-bert-base-spanish-wwm-cased-finetuned-spa-squad2-es', device: str = "cpu"):
    'question-answering with mrm8488/distill-bert-base-spanish-wwm-cased-finetuned-spa-squad2-es.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
