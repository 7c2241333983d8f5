def run(image: str = '', question: str = '', model: str = 'cloudqi/CQI_Visual_Question_Awnser_PT_v0', device: str = "cpu"):
    'document-question-answering with cloudqi/CQI_Visual_Question_Awnser_PT_v0.'
    from transformers import pipeline

    runner = pipeline('document-question-answering', model=model, device=device)
    return runner(image=image, question=question)
