def run(context: str = '', question: str = '', model: str = 'luhua/chinese_pretrain_mrc_roberta_wwm_ext_large', device: str = "cpu"):
    'question-answering with luhua/chinese_pretrain_mrc_roberta_wwm_ext_large.'
    from transformers import pipeline

    runner = pipeline('question-answering', model=model, device=device)
    return runner(question=question, context=context)
