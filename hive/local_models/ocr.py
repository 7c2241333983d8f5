"""Text read from an image by RapidOCR with the PP-OCRv4 detection and recognition models its wheel carries
(ONNX, run by onnxruntime), put back in reading order."""

from __future__ import annotations

import os
from typing import Any

MIN_SCORE = 0.8  # RapidOCR reads stray digits into photos (a lamp housing as "88") at lower confidence


def load_reader() -> Any:
    """The OCR engine (workers memoize this loader: the registry, offline.yaml, names it)."""
    from rapidocr_onnxruntime import RapidOCR

    return RapidOCR(intra_op_num_threads=os.cpu_count() or 2, inter_op_num_threads=1)


def read_text(image_path: str, keep_as: str | None = None) -> str:
    """The image's text, a line per printed line, top to bottom and left to right; "" when it holds none.
    With `keep_as`, the text is also written to that file (in the step's folder)."""
    from PIL import Image

    with Image.open(image_path) as image:
        pixels = image.convert("RGB")  # RapidOCR reads a palette image's indices as grey levels
    found, _seconds = load_reader()(pixels)
    boxes = [(box, text) for box, text, score in found or [] if score >= MIN_SCORE and text.strip()]
    text = "\n".join(" ".join(words for _box, words in line) for line in _lines(boxes))
    if keep_as:
        with open(keep_as, "w", encoding="utf-8") as kept:
            kept.write(text)
    return text


def _lines(boxes: list[tuple[list, str]]) -> list[list[tuple[list, str]]]:
    """Boxes grouped into lines (centres within half a line's height of each other), each sorted left to right."""
    lines: list[list[tuple[list, str]]] = []
    for box, text in sorted(boxes, key=lambda b: _centre_y(b[0])):
        height = max(p[1] for p in box) - min(p[1] for p in box)
        if lines and abs(_centre_y(lines[-1][-1][0]) - _centre_y(box)) <= height / 2:
            lines[-1].append((box, text))
        else:
            lines.append([(box, text)])
    return [sorted(line, key=lambda b: min(p[0] for p in b[0])) for line in lines]


def _centre_y(box: list) -> float:
    return sum(p[1] for p in box) / len(box)
