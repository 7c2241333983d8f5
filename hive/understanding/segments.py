"""Split a request into the parts that may each ask for something, with inline content masked.

A part is a clause of the masked request (pasted texts, tables and file paths blanked, so words inside
them are never read as requests). What the detector reads of a part is its *reading*: the clause with
each blanked value replaced by a short word for its kind ("the audio file", "the text"), so the encoder
sees "transcribe the audio file" rather than a path, and nothing of the pasted content.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hive.understanding.inputs import modality_of_path
from hive.understanding.parsing import BLANK, RequestText

# Clause boundaries: sentence ends, line breaks, commas, and the connectives that chain requests.
BOUNDARY = re.compile(
    r"[.!?;:]+(?=\s|$)|\n+|,"
    r"|\s(?=(?:and\s+)?then\b)|\s(?=and\s)|\s(?=also\b)|\s(?=after\s+that\b)|\s(?=afterwards\b)|\s(?=plus\b)",
    re.I,
)
WORD = re.compile(r"[^\W\d_]{2,}")
# Words that ask for nothing on their own: a clause of only these ("and then", "Context:") is no part.
FILLER = {
    "and", "then", "also", "after", "that", "afterwards", "plus", "the", "a", "an", "to", "of", "it", "its", "this",
    "these", "those", "them", "please", "pls", "kindly", "too", "as", "well", "with", "in", "on", "for", "from",
    "into", "or", "so", "by", "at", "is", "are", "be", "here", "there", "context", "question", "text", "sentence",
    "sentences", "following", "passage", "paragraph", "file", "files", "both", "between", "ok", "okay", "thanks",
}
VALUE_WORDS = {"audio": "the audio file", "image": "the image", "video": "the video", "table": "the table", "text": "the text file"}


@dataclass
class Part:
    """One clause of a request: its span in the request, what the detector reads, and its values."""

    start: int
    end: int
    reading: str
    modalities: set[str] = field(default_factory=set)  # of the files named inside it
    inline_text: bool = False
    question: bool = False


def split_parts(located: RequestText) -> list[Part]:
    """The request's clauses that hold at least one word outside inline values, in order."""
    masked = located.masked
    cuts = [0] + [m.end() for m in BOUNDARY.finditer(masked)] + [len(masked)]
    parts = []
    for start, end in zip(cuts, cuts[1:]):
        if any(w.lower() not in FILLER for w in WORD.findall(masked[start:end])):
            parts.append(_part(located, start, end))
    return parts


def whole_request(located: RequestText) -> Part:
    """The request read as one part (how the detector's training examples are read)."""
    return _part(located, 0, len(located.masked))


def _part(located: RequestText, start: int, end: int) -> Part:
    pieces: list[str] = []
    part = Part(start=start, end=end, reading="", question="?" in located.query[start:end])
    values = sorted(
        [(s, e, "file", path) for s, e, path in located.files] + [(s, e, "text", body) for s, e, body in located.texts]
    )
    cursor = start
    for v_start, v_end, kind, value in values:
        if v_end <= start or v_start >= end:
            continue
        pieces.append(_unblanked(located, cursor, max(cursor, v_start), part))
        if kind == "file":
            modality = modality_of_path(value)
            part.modalities.add(modality)
            pieces.append(VALUE_WORDS[modality])
        else:
            part.inline_text = True
            pieces.append("the text")
        cursor = min(end, v_end)
    pieces.append(_unblanked(located, cursor, end, part))
    part.reading = " ".join(" ".join(pieces).split())
    return part


def _unblanked(located: RequestText, start: int, end: int, part: Part) -> str:
    """The masked text of a span with each blanked table named as such (the user's own '___' stays)."""
    chars = [
        "\0" if m == BLANK and q != BLANK else m for m, q in zip(located.masked[start:end], located.query[start:end])
    ]
    text = "".join(chars)
    if "\0" in text:
        part.modalities.add("table")
    return re.sub("\0+", " the table ", text)
