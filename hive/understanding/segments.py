"""Split a request into the parts that may each ask for something, with inline content masked.

A part is a clause of the masked request (pasted texts, tables and file paths blanked, so words inside
them are never read as requests). What the detector reads of a part is its *reading*: the clause with
each blanked value replaced by a short word for its kind ("the audio file", "the text"), so the encoder
sees "transcribe the audio file" rather than a path, and nothing of the pasted content; a noun naming an
earlier step's output ("from the transcript") reads as "it", since it asks for nothing new.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hive.selection.constraints import LANGUAGE_NAMES
from hive.understanding.inputs import kinds_named_by, modality_of_path
from hive.understanding.language import LANGUAGE_CODES
from hive.understanding.parsing import ARROW_GLYPH, BLANK, NEXT_SENTENCE, SENTENCE_END, RequestText
from hive.understanding.spelling import mended
from hive.understanding.task_names import ACRONYMS

# Clause boundaries: sentence ends, line breaks, commas, and the connectives that chain requests ("seg + depth" too);
# "also" after a subject pronoun ("they also want") is inside its clause.
BOUNDARY = re.compile(
    r"[.!?;:]+(?=\s|$)|\n+|(?<!\d),|,(?!\d{3}(?!\d))"  # a comma, but not a thousands separator ("1,000 downloads")
    r"|\s(?=(?:(?:and|n|&)\s+)?then\b)|\s(?=and\s)|(?<!\bthey)(?<!\bwe)(?<!\bi)(?<!\byou)(?<!\bhe)(?<!\bshe)(?<!\bit)\s(?=also\b)|\s(?=after\s+that\b)|\s(?=afterwards\b)|\s(?=plus\b)|\s(?=\+\s)"
    r"|\s(?=\(?\d{1,2}[.)]\s)|\s(?=[-•*]\s)",  # numbered and bulleted steps
    re.I,
)
WORD = re.compile(r"[^\W\d_]{2,}")
# an arrow of a pipeline drawn with arrows: a boundary between steps asked by their words ("transcribe -> short summary");
# a chain through kinds of data or languages ("russian speech -> text -> english") is read whole (`arrows.py`)
ARROW = re.compile(ARROW_GLYPH)
# A list in brackets or between dashes is one clause's ("from these keywords (wireless, waterproof, 20h battery),
# translate it ...", "the emotion of the caller — angry, happy, sad or neutral — and also ...").
# a quoted text that ends with its sentence's end, before a capital ('... negative: "Great tea, torn box." The model
# must ...'; not "How do you say 'Where is it?' in Japanese?"): the request's next sentence starts after it (looked
# for in the request, since the quote is masked)
QUOTE_ENDS_SENTENCE = re.compile(r"[.!?\u3002\uff01\uff1f][\"'\u201d\u2019\u00bb\u300d]+(?=\s+[A-Z])")
# A short aside between commas ("what disease, if any, is on that leaf?") is one clause's too.
ASIDE = re.compile(r"\w,\s*(?:if\s+any|if\s+so|if\s+possible|if\s+not|though|however|by\s+the\s+way|btw)\s*,", re.I)
BRACKETED = re.compile(r"\([^()\n]{0,200}\)|\[[^\[\]\n]{0,200}\]|\s[\u2013\u2014]\s[^\u2013\u2014\n]{0,100}?,[^\u2013\u2014\n]{0,100}?\s[\u2013\u2014](?=\s)")
# Words that ask for nothing on their own: a clause of only these ("and then", "Context:") is no part,
# unless it names a value ("is ./a.png a cat or a dog").
FILLER = {
    "and", "then", "also", "after", "that", "afterwards", "plus", "the", "a", "an", "to", "of", "it", "its", "this",
    "these", "those", "them", "please", "pls", "kindly", "too", "as", "well", "with", "in", "on", "for", "from",
    "into", "or", "so", "by", "at", "is", "are", "be", "here", "there", "context", "question", "text", "sentence",
    "sentences", "following", "passage", "paragraph", "file", "files", "both", "between", "ok", "okay", "thanks",
}
CONJUNCTIONS = {"and", "or", "plus", "also"}
# "to have the full transcription" wants a result as "to get" does (the detector reads "have" as owning one)
TO_HAVE = re.compile(r"\bto\s+have\s+(?=(?:the|a|an|my|our|its|their)\s)", re.I)
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
    """The request's clauses that hold at least one word outside inline values, in order; a value standing alone
    before a colon heads the question after it ("heron.jpg: which heron is it?") and opens that question's clause."""
    masked = located.masked
    bracketed = [(m.start(), m.end()) for m in [*BRACKETED.finditer(masked), *ASIDE.finditer(masked)]]
    boundaries = [m.end() for m in BOUNDARY.finditer(masked)]
    ends = boundaries + [m.end() for m in QUOTE_ENDS_SENTENCE.finditer(located.query) if masked[m.start()] == BLANK]
    # a pasted text ending its sentence before another ("...: since when has it been there? Zero-shot labeller: ...")
    ends += [end for _start, end, body in located.texts if body.rstrip()[-1:] in (".", "?", "!") and NEXT_SENTENCE.match(located.query, end)]
    ends += _arrows_between_asks(masked, boundaries)
    cuts = [0] + sorted({at for at in ends if not any(a < at - 1 < b for a, b in bracketed)}) + [len(masked)]
    parts: list[Part] = []
    heading: int | None = None  # where a value standing as the heading of a question begins ("call_03.wav: whose call is that?")
    for start, end in zip(cuts, cuts[1:]):
        words = [w.lower() for w in WORD.findall(masked[start:end])]
        asks = any(w not in FILLER for w in words)
        if not asks and parts and words and words[0] in CONJUNCTIONS and BLANK in masked[start:end]:
            parts[-1] = _part(located, parts[-1].start, end)  # "... 'A' and 'B'": more values of the clause before
        elif not words and parts and BLANK in masked[start:end] and masked[:start].rstrip().endswith(":") \
                and located.query[start:end].rstrip().endswith("?"):
            if heading is None:
                parts[-1] = _part(located, parts[-1].start, end)  # "on the predicted table: ___?": the question its colon introduces
            else:
                parts.append(_part(located, heading, end))  # "- rock.jpg: granite, basalt or sandstone?": a question of its own
                heading = None
        elif not words and BLANK in masked[start:end] and masked[start:end].rstrip().endswith(":"):
            heading = start if heading is None else heading
        elif asks or (words and BLANK in masked[start:end]):
            asked_of_heading = heading is not None and masked[start:end].rstrip().endswith("?")
            parts.append(_part(located, heading if asked_of_heading else start, end))
            heading = None
    return parts




def _arrows_between_asks(masked: str, boundaries: list[int]) -> list[int]:
    """Where each arrow whose two sides (to the nearest clause boundary or arrow) both hold words other than kinds of
    data and languages ends."""
    arrows = list(ARROW.finditer(masked))
    cuts = set(boundaries) | {m.start() for m in arrows}
    ends = []
    for arrow in arrows:
        before = max((c for c in cuts if c < arrow.start()), default=0)
        after = min((c for c in cuts if c > arrow.end()), default=len(masked))
        if not _names_only_data(masked[before:arrow.start()]) and not _names_only_data(masked[arrow.end():after]):
            ends.append(arrow.end())
    return ends


def _names_only_data(side: str) -> bool:
    """Whether a side of an arrow names only kinds of data, languages, files and filler ("text", "english", "___")."""
    words = [w for w in WORD.findall(side) if w.lower() not in FILLER]
    return all(kinds_named_by(w) or w.lower() in LANGUAGE_NAMES or language_of_code(w) for w in words)


def language_of_code(word: str) -> str | None:
    """The language a code names ("fr", "deu"), unless the word is also the field's name of a task ("MT" is machine
    translation, not Maltese; "ASR" not Asur)."""
    lowered = word.lower()
    return None if lowered in ACRONYMS else LANGUAGE_CODES.get(lowered)


def sentence_span(text: str, position: int) -> tuple[int, int]:
    """The span of the sentence holding a position."""
    ends = [m.end() for m in SENTENCE_END.finditer(text)]
    return max([e for e in ends if e <= position], default=0), min([e for e in ends if e > position], default=len(text))


def whole_request(located: RequestText) -> Part:
    """The request read as one part (how the detector's training examples are read)."""
    return _part(located, 0, len(located.masked))


def part_between(located: RequestText, start: int, end: int) -> Part:
    """The part spanning two neighbouring clauses."""
    return _part(located, start, end)


def _part(located: RequestText, start: int, end: int) -> Part:
    pieces: list[str] = []
    part = Part(start=start, end=end, reading="", question="?" in located.query[start:end])
    values = sorted(
        [(s, e, "file", path) for s, e, path in located.files] + [(s, e, "text", body) for s, e, body in located.texts]
        + ([(located.labels[0][0], located.labels[-1][1], "labels", "")] if located.labels else [])
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
        elif kind == "labels":
            pieces.append("the labels")
        else:
            part.inline_text = True
            pieces.append("the text")
        cursor = min(end, v_end)
    pieces.append(_unblanked(located, cursor, end, part))
    part.reading = TO_HAVE.sub("to get ", mended(" ".join(" ".join(pieces).split())))
    return part


def _unblanked(located: RequestText, start: int, end: int, part: Part) -> str:
    """The masked text of a span: an inline table is named as such, other blanked words (constraints) are
    dropped, and the user's own underscores ("fill the ___") stay."""
    in_table = {i for t_start, t_end in located.tables for i in range(max(start, t_start), min(end, t_end))}
    if in_table:
        part.modalities.add("table")
    in_reference = {i for r_start, r_end in located.references for i in range(max(start, r_start), min(end, r_end))}
    chars = [
        "\0" if i in in_table else "\1" if i in in_reference else " " if m == BLANK and located.query[i] != BLANK else m
        for i, m in zip(range(start, end), located.masked[start:end])
    ]
    return re.sub("\1+", " it ", re.sub("\0+", " the table ", "".join(chars)))
