def run(image: str = "", model: str = "{model}", device: str = "cpu"):
    """The text written in the image (a scanned page, a screenshot, a sign), read by RapidOCR's packaged PP-OCRv4 models; an image with no text is an error, not an empty caption."""
    from hive.local_models.ocr import read_text

    text = read_text(image)
    if not text:
        raise ValueError("no text found in the image: OCR reads text, it does not describe pictures")
    return {"text": text}
