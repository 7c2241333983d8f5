def run(image: str = '', question: str = '', model: str = 'rubentito/layoutlmv3-base-mpdocvqa', device: str = "cpu"):
    'document-question-answering with rubentito/layoutlmv3-base-mpdocvqa.'
    from transformers import LayoutLMv3ForQuestionAnswering, LayoutLMv3Processor, pipeline

    network = LayoutLMv3ForQuestionAnswering.from_pretrained(model)
    processor_1 = LayoutLMv3Processor.from_pretrained(model)
    runner = pipeline('document-question-answering', model=network, processor=processor_1, device=device)
    return runner(image=image, question=question)
