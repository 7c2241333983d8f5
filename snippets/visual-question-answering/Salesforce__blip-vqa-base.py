def run(image: str = '', question: str = '', model: str = 'Salesforce/blip-vqa-base', device: str = "cpu"):
    'visual-question-answering with Salesforce/blip-vqa-base.'
    from transformers import BlipForQuestionAnswering, BlipProcessor, pipeline

    network = BlipForQuestionAnswering.from_pretrained(model)
    processor_1 = BlipProcessor.from_pretrained(model)
    runner = pipeline('visual-question-answering', model=network, processor=processor_1, device=device)
    return runner(image=image, question=question)
