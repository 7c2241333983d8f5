"""Whether a request wants the text written in an image (hive/understanding/written_text.py)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("request_text, wanted", [
    ("OCR the handwritten note ./note.jpg and translate it", True),
    ("Get the Japanese text out of panel.png", True),
    ("read the menu in menu.jpg and translate it to English", True),
    ("the prescription label label.jpg, can u read it and explain it", True),
    ("Please summarise ./contract.pdf", True),  # a document's pages are read, not captioned
    ("Write a caption for ./sunset.jpg", False),
    ("Caption the picture and read the text aloud", False),
    ("Describe screenshot.png in words", False),
    # a scan is read for its text unless what it shows is asked (dev23)
    ("Summarise the scanned letter ./l.png", True),
    ("We scanned old photographs such as ./p.jpg; for each I need a description in words of what it shows", False),
])
def test_a_request_for_the_text_in_an_image_is_told_from_one_for_a_description(request_text, wanted):
    from hive.understanding.written_text import wants_written_text

    assert wants_written_text(request_text) == wanted
