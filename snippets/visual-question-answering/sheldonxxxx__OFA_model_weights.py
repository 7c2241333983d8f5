def run(image: str = '', question: str = '', model: str = 'sheldonxxxx/OFA_model_weights', device: str = "cpu"):
    'visual-question-answering with sheldonxxxx/OFA_model_weights.'
    from transformers import pipeline

    runner = pipeline('visual-question-answering', model=model, device=device)
    return runner(image=image, question=question)
