def run(image: str = '', question: str = '', model: str = 'Bingsu/temp_vilt_vqa', device: str = "cpu"):
    'visual-question-answering with Bingsu/temp_vilt_vqa.'
    from transformers import pipeline

    runner = pipeline('visual-question-answering', model=model, device=device)
    return runner(image=image, question=question)
