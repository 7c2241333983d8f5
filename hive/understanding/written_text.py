"""Whether a request wants the text written in an image (OCR) rather than a description of it: both are the
`image-to-text` task, served by different models (the graph marks OCR models `hive:readsText`)."""

from __future__ import annotations

import re

_TEXT = r"(?:printed\s+|written\s+|handwritten\s+|typed\s+)?(?:text|words|writing|handwriting|characters|lettering)"
_WRITTEN_ON = r"(?:image|picture|photo|scan|page|screenshot|document|sign|receipt|poster|label|form|invoice|letter|slide|card|flyer|menu|note)s?"
# things people photograph to read, and what they read off them
_SAYING = r"(?:sign|menu|notice|banner|label|plaque|poster|card|note|letter|slogan|board|whiteboard|screen|message|flyer|billboard)s?"
_READ_OFF = rf"(?:{_SAYING}|handwriting|receipt|inscription|book\s+titles?|titles?|numbers|items|dishes|specials|small\s+print|names?)"
_IMAGE_FILE = r"\S+\.(?:png|jpe?g|gif|bmp|tiff?|webp)"
WANTS_WRITTEN_TEXT = re.compile(
    r"\bocr\b|\boptical\s+character"
    # taking text out of something ('extract the text', 'get the Japanese text'); 'read the text' alone may mean a caption
    rf"|\b(?:extract|recogni[sz]e|pull|copy|transcribe|digiti[sz]e|type\s+out|grab|take|get)\s+(?:out\s+)?(?:all\s+|any\s+)?(?:of\s+)?"
    rf"(?:the\s+|its\s+)?(?:\w+\s+)?{_TEXT}\b"
    # text that is on something ('the text on the protest sign', 'words in scan.png', 'the writing on it')
    rf"|\b{_TEXT}\s+(?:in|on|from|off|of)\s+(?:the\s+|this\s+|that\s+|my\s+|a\s+|an\s+|its\s+)?(?:(?:\w+\s+){{0,2}}{_WRITTEN_ON}\b|{_IMAGE_FILE}|it\b)"
    # reading the text itself ('read the Japanese text, translate it'), not reading a caption aloud
    rf"|\bread\s+(?:out\s+)?(?:the\s+|its\s+|all\s+the\s+)?(?:\w+\s+)?{_TEXT}\b(?!\s+(?:aloud|out\s+loud|to\s+me))"
    # reading what is written on a thing ('read the menu', 'read me the specials', 'read the numbers off it')
    rf"|\bread\s+(?:me\s+)?(?:out\s+)?(?:the\s+|my\s+|its\s+|any\s+|all\s+(?:the\s+)?)?(?:\w+\s+){{0,2}}{_READ_OFF}\b"
    # what a written thing says ('what does the sign in street.jpg say', 'what the big banner says')
    rf"|\b{_SAYING}\s+(?:\S+\s+){{0,3}}says?\b|\bwhat\s+(?:does|do)\s+(?:it|this|that)\s+say\b|\bwhat\s+(?:it|this|that)\s+says\b"
    r"|\bhandwrit(?:ing|ten)\b|\binscription\b|\bwhat(?:'s|\s+is)\s+written\b|\bwritten\s+on\b"
    # a PDF is a document: what is read off its pages is its text, not a description of how they look
    r"|\S+\.pdf\b",
    re.I,
)


# a scan is read for its text, unless the request asks what it shows ("scanned photographs ... a description in words
# of what it shows")
SCANNED = re.compile(r"\bscan(?:ned|s)?\b", re.I)
DESCRIBED = re.compile(r"\b(?:describ\w*|description|caption\w*|what\s+(?:it|they|each\s+one|the\s+\w+)\s+shows?)\b", re.I)
# 'read it' reads text when the request names a written thing ('the prescription label ... can u read it')
WRITTEN_THING = re.compile(rf"\b(?:{_SAYING}|review|recipe|receipt|page|document|screenshot)\b", re.I)
READ_IT = re.compile(r"\bread\s+(?:it|them)\b", re.I)


def wants_written_text(request: str) -> bool:
    """'read the text in scan.png', 'OCR this receipt', 'what does the sign say' -> True; 'describe photo.jpg' -> False."""
    return bool(WANTS_WRITTEN_TEXT.search(request) or (WRITTEN_THING.search(request) and READ_IT.search(request))
                or (SCANNED.search(request) and not DESCRIBED.search(request)))
