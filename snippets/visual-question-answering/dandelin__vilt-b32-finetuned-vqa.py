def run(image: str = '', question: str = '', model: str = 'dandelin/vilt-b32-finetuned-vqa', device: str = "cpu"):
    'visual-question-answering with dandelin/vilt-b32-finetuned-vqa.'
    from transformers import ViltForQuestionAnswering, ViltProcessor, pipeline

    network = ViltForQuestionAnswering.from_pretrained(model)
    processor_1 = ViltProcessor.from_pretrained(model)
    runner = pipeline('visual-question-answering', model=network, processor=processor_1, device=device)
    return runner(image=image, question=question)
