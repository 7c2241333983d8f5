"""Rule-based parsing stage: pull files, inline texts, tables, the question and candidate labels out of a request.

It also returns the request with every inline value blanked out (same length, so positions line up),
which is what the cue matcher reads: a quoted "how many eggs?" is data, not a request to count.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field

from hive.request import ParsedRequest
from hive.understanding.inputs import MODALITY_BY_EXTENSION, modality_of_path

_EXTENSIONS = "|".join(sorted(MODALITY_BY_EXTENSION, key=len, reverse=True))
FILE_PATTERN = re.compile(
    rf"(?:(?<=[\s(\[`])|^)((?:[a-z][a-z0-9+.-]*://)?[\w~./\\%+-]*[\w-]\.(?:{_EXTENSIONS}))(?=$|[\s,;:!?)\]`'\"]|\.(?:\s|$))",
    re.I,
)
PATH_LIKE = re.compile(r"(?:(?<=\s)|^)((?:\.{1,2}/|~/|/)[\w~./\\%+-]*\.[A-Za-z0-9]{1,6})(?=$|[\s,;:!?)\]`'\"]|\.(?:\s|$))")
QUOTE_PATTERN = re.compile(
    r"""(?<!\w)(?:'(?P<single>(?:[^'\n]|(?<=\w)'(?=\w))+)'|"(?P<double>[^"\n]+)"|“(?P<curly>[^”\n]+)”|‘(?P<curly1>[^’\n]+)’)(?!\w)"""
)
QUESTION_MARKER = re.compile(r"\bquestion\s*:\s*", re.I)
CONTEXT_MARKER = re.compile(r"\bcontext\s*:\s*", re.I)
ASKING = re.compile(r"\b(?:answer|ask|question|reply to|respond to)\w*\b", re.I)
LABEL_LIST = re.compile(
    r"\b(?:as|into|between|is|are|was|be|either|whether|speaking|sounds?|sound like)\s+(?:(?:an?|the)\s+)?"
    r"(?P<list>[\w-]+(?:\s*,\s*[\w-]+)*\s*,?\s+or\s+[\w-]+)",
    re.I,
)
LABELS_AFTER = re.compile(
    r"\b(?:one of|any of|among|between|categories|labels|classes|topics|options|tags)\b"
    r"(?:\s+(?:these|the following|those))?(?:\s+(?:labels|categories|classes|topics|options|tags))?\s*:\s*"
    r"(?P<list>[\w-]+(?:\s*,\s*[\w-]+)+(?:\s*,?\s*(?:or|and)\s+[\w-]+)?)",
    re.I,
)
NOT_LABELS = {"it", "this", "that", "not", "the", "a", "an", "so", "more", "less", "else", "something", "them"}
BLANK = "_"


@dataclass
class RequestText:
    """The request with its inline values located."""

    query: str
    masked: str
    files: list[tuple[int, int, str]] = field(default_factory=list)
    texts: list[tuple[int, int, str]] = field(default_factory=list)


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + BLANK * (end - start) + text[end:]


def locate_values(query: str) -> RequestText:
    """Find tables, quoted texts and file paths; blank them in `masked`."""
    found = RequestText(query=query, masked=query)
    for start, end in _table_spans(query):
        found.masked = _blank(found.masked, start, end)
    for match in QUOTE_PATTERN.finditer(found.masked):
        body = next(g for g in match.groups() if g is not None)
        found.texts.append((match.start(), match.end(), body.strip()))
        found.masked = _blank(found.masked, match.start(), match.end())
    for match in FILE_PATTERN.finditer(found.masked):
        found.files.append((match.start(1), match.end(1), match.group(1)))
    for match in PATH_LIKE.finditer(found.masked):
        if not any(start <= match.start(1) < end for start, end, _p in found.files):
            modality_of_path(match.group(1))  # raises: a path HIVE cannot type is an error, not silence
    for start, end, _path in found.files:
        found.masked = _blank(found.masked, start, end)
    return found


def _table_spans(text: str) -> list[tuple[int, int]]:
    """Spans of balanced `{...}` literals that parse as a table (column -> list of values)."""
    spans = []
    depth, start = 0, -1
    for i, char in enumerate(text):
        if char == "{":
            depth, start = depth + 1, i if depth == 0 else start
        elif char == "}" and depth:
            depth -= 1
            if depth == 0 and parse_table(text[start : i + 1]) is not None:
                spans.append((start, i + 1))
    return spans


def parse_table(literal: str) -> dict | None:
    """A `{column: [values]}` literal (Python or JSON syntax), or None."""
    for loader in (json.loads, ast.literal_eval):
        try:
            value = loader(literal)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(value, dict) and value and all(isinstance(v, (list, tuple)) for v in value.values()):
            return {str(k): [str(x) for x in v] for k, v in value.items()}
    return None


def parse_request(query: str) -> tuple[ParsedRequest, RequestText]:
    """The paper's parsing stage, by rules."""
    located = locate_values(query)
    texts = [body for _s, _e, body in located.texts]
    question = _question(located, texts)
    if question in texts:
        texts.remove(question)
    parsed = ParsedRequest(
        query=query,
        instruction=" ".join(query.split()),
        input_texts=texts,
        question=question,
        files=[path for _s, _e, path in located.files],
        data=[parse_table(query[s:e]) for s, e in _table_spans(query)],
        categories=_labels(located.masked),
    )
    return parsed, located


def _question(located: RequestText, texts: list[str]) -> str | None:
    masked = located.masked
    marker = QUESTION_MARKER.search(masked)
    if marker:
        return _restore(located, marker.end(), len(masked)).strip() or None
    if ASKING.search(masked):
        for text in texts:
            if text.endswith("?"):
                return text
    end = masked.rfind("?")
    if end < 0:
        return None
    start = max(masked.rfind(sep, 0, end) for sep in (". ", "! ", "? ", ": ", "\n"))
    start = 0 if start < 0 else start + 2
    context = CONTEXT_MARKER.search(masked)
    if context and context.end() > start:
        return None
    question = _restore(located, start, end + 1).strip()
    return question if len(re.findall(r"[^\W\d_]{2,}", question)) >= 2 else None


def _restore(located: RequestText, start: int, end: int) -> str:
    """The original text of a span, with file paths kept and quoted texts/tables left out."""
    pieces = list(located.masked[start:end])
    for f_start, f_end, _path in located.files:
        for i in range(max(f_start, start), min(f_end, end)):
            pieces[i - start] = located.query[i]
    return " ".join("".join(pieces).replace(BLANK, " ").split())


def _labels(masked: str) -> list[str]:
    for match in [*LABELS_AFTER.finditer(masked), *LABEL_LIST.finditer(masked)]:
        words = [w.strip() for w in re.split(r"\s*,\s*|\s+(?:or|and)\s+", match["list"]) if w.strip()]
        words = [w for w in words if w.lower() not in NOT_LABELS and BLANK not in w]
        if len(words) >= 2:
            return words
    return []
