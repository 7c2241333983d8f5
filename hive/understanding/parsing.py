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
from hive.selection.phrases import Phrase, constraint_phrases
from hive.understanding.inputs import MODALITY_BY_EXTENSION, folder_modality, modality_of_path

_EXTENSIONS = "|".join(sorted(MODALITY_BY_EXTENSION, key=len, reverse=True))
FILE_PATTERN = re.compile(
    rf"(?:(?<=[\s(\[`])|^)((?:[a-z][a-z0-9+.-]*://)?[\w~./\\%+*-]*[\w*-]\.(?:{_EXTENSIONS}))(?=$|[\s,;:!?)\]`'\"]|\.+(?:\s|$))",
    re.I,
)
QUOTED_FILE = re.compile(rf"(?!.*[.,;:]\s)(?!(?:\S+\s+){{3}})[^\n'\"?!]{{1,200}}\.(?:{_EXTENSIONS})", re.I)  # no sentence in it
FOLDER_PATTERN = re.compile(r"(?:(?<=[\s(\[`])|^)((?:\.{1,2}/|~/|/)[\w~./-]*[\w-]/)(?=$|[\s,;:!?)\]`'\"])")
PATH_LIKE = re.compile(r"(?:(?<=\s)|^)((?:\.{1,2}/|~/|/)[\w~./\\%+-]*\.[A-Za-z0-9]{1,6})(?=$|[\s,;:!?)\]`'\"]|\.+(?:\s|$))")
QUOTE_PATTERN = re.compile(
    r"""(?<!\w)(?:'(?P<single>(?:[^'\n]|(?<=\w)'(?=\w))+)'|"(?P<double>[^"\n]+)"|“(?P<curly>[^”\n]+)”|‘(?P<curly1>[^’\n]+)’)(?!\w)"""
)
ENDS_A_SENTENCE = re.compile(r"[.?!]\s*$")  # a quoted text whose last sentence is complete ...
NEXT_SENTENCE = re.compile(r"[ \t]+[A-Z]")  # ... followed by another sentence
NAMED_DATASET = re.compile(r"\s*(?:dataset|benchmark|corpus|test\s+set|leaderboard)\b", re.I)
QUESTION_MARKER = re.compile(r"\bquestion\s*:\s*", re.I)
CONTEXT_MARKER = re.compile(r"\bcontext\s*:\s*", re.I)
ASKING = re.compile(r"\b(?:answer|ask|question|reply to|respond to)\w*\b", re.I)
_JOINER = r"(?:and|or|then|to|so|but|also|if|whether|in|on|of|with|for|the|an?|it|this|that|is|are|was)"  # never a label's second word
_LABEL = rf"(?:(?:it|this|that)\s+)?(?:(?:an?|the)\s+)?[\w-]+(?:\s+(?!{_JOINER}\b)[\w-]+)?"
LABEL_LIST = re.compile(
    r"(?:\b(?:as|into|between|is|are|was|be|either|whether|speaking|sounds?|like|about|shows?|depicts?|looks?|seems?"
    r"|which of|from)(?:\s+_+)?|'s|:|\()\s*"
    rf"(?P<list>{_LABEL}(?:\s*,\s*{_LABEL})*\s*,?\s+or\s+{_LABEL})(?!\w)",
    re.I,
)
_LABEL_NOUN = r"(?:categories|labels|classes|topics|options|choices|tags|intents)"
LABELS_AFTER = re.compile(
    rf"\b(?:one of|any of|among|between|choose from|{_LABEL_NOUN})\b"
    rf"(?:\s+(?:these|the following|those))?(?:\s+{_LABEL_NOUN})?\s*(?:[:({{\[]|\b(?:are|is)\b)\s*"
    rf"(?P<list>{_LABEL}(?:\s*[,/]\s*{_LABEL})+(?:\s*,?\s*(?:or|and)\s+{_LABEL})?)(?!\w)",
    re.I,
)
# "is it positive or negative?" asks for the sentiment, a fixed-label task, not for labels to choose among
POLARITY = {"positive", "negative", "neutral", "mixed"}
BRACED_LABELS = re.compile(rf"[{{\[]\s*(?P<list>{_LABEL}(?:\s*,\s*{_LABEL})+)\s*[}}\]]")
# Pasted content introduced by a colon: "Context: ...", "the email: ...", or a long tail after the last colon.
PASTE_MARKER = re.compile(
    r"\b(?:context|passage|text|article|e-?mail|message|review|paragraph|story|excerpt|transcript|post|tweet|comment"
    r"|letter|abstract|thread|note|sentence|document|token|prompt|quote|headline|lyrics|poem|table|description"
    r"|here it is|as follows|below)s?\s*:\s+",
    re.I,
)
PASTE_MIN_WORDS = 5
# "summarise this for me: <pasted>", "translate it: <pasted>" (not "it's a voice message:", which describes)
POINTING = re.compile(r"\b(?:this|these|following|below)\b|\bit\b(?!'s\b|\s+(?:is|was)\b)", re.I)
TAIL_MIN_WORDS = 15
COLON_BEFORE_PASTE = re.compile(r":\s")  # "... this:\n<pasted>" as well as "... this: <pasted>"
# Short quoted texts in a list ("vintage", "modern" or "minimalist") are candidate labels, not texts.
QUOTED_LABELS = re.compile(r"^(?:\s*(?:,|\bor\b|\band\b)?\s*)+$", re.I)
MAX_LABEL_WORDS = 4
LIST_SEPARATOR = r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+|\s*/\s*"
LEADING_WORDS = {"the", "a", "an", "about", "like", "it", "this", "that"}  # "a cat", "about finance": the label is the rest
NOT_LABELS = LEADING_WORDS | {"it", "this", "that", "not", "so", "more", "less", "else", "something", "them"}
BLANK = "_"


@dataclass
class RequestText:
    """The request with its inline values located."""

    query: str
    masked: str
    files: list[tuple[int, int, str]] = field(default_factory=list)
    texts: list[tuple[int, int, str]] = field(default_factory=list)
    tables: list[tuple[int, int]] = field(default_factory=list)
    labels: list[tuple[int, int, str]] = field(default_factory=list)  # candidate labels, quoted or listed
    references: list[tuple[int, int]] = field(default_factory=list)  # nouns naming an earlier step's output
    constraints: list[Phrase] = field(default_factory=list)  # constraint phrases, once blanked for task reading
    unread_constraints: list[str] = field(default_factory=list)  # clauses stating a constraint no value was found for


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + BLANK * (end - start) + text[end:]


def locate_values(query: str) -> RequestText:
    """Find tables, quoted texts and file paths; blank them in `masked`."""
    found = RequestText(query=query, masked=query)
    found.tables = _table_spans(query)
    for start, end in found.tables:
        found.masked = _blank(found.masked, start, end)
    for match in QUOTE_PATTERN.finditer(found.masked):
        body = next(g for g in match.groups() if g is not None)
        # 'example.jpg' is a file named in quotes, "on the 'emotion' dataset" a benchmark: names, kept as words
        if FILE_PATTERN.fullmatch(body.strip()) or NAMED_DATASET.match(found.masked, match.end()):
            found.masked = found.masked[: match.start()] + " " + body + " " + found.masked[match.end():]
            continue
        if QUOTED_FILE.fullmatch(body.strip()):  # "./Meetings/Q3 review.mp3": a quoted name may hold spaces
            found.files.append((match.start() + 1, match.end() - 1, body.strip()))
            found.masked = _blank(found.masked, match.start(), match.end())
            continue
        found.texts.append((match.start(), match.end(), body.strip()))
        found.masked = _blank(found.masked, match.start(), match.end())
        if ENDS_A_SENTENCE.search(body) and NEXT_SENTENCE.match(found.masked, match.end()):
            # "... reading 'The city never sleeps.' Permissive licences.": the quote's full stop ends the sentence
            found.masked = found.masked[:match.end() - 1] + "." + found.masked[match.end():]
    _quoted_labels(found)
    _pasted_after_colon(found)
    for match in FILE_PATTERN.finditer(found.masked):
        found.files.append((match.start(1), match.end(1), match.group(1)))
    for match in FOLDER_PATTERN.finditer(found.masked):
        if folder_modality(match.group(1)):  # "./photos/trip/": a folder of pictures; an unnamed kind stays words
            found.files.append((match.start(1), match.end(1), match.group(1)))
    found.files.sort()
    for match in PATH_LIKE.finditer(found.masked):
        if not any(start <= match.start(1) < end for start, end, _p in found.files):
            modality_of_path(match.group(1))  # raises: a path HIVE cannot type is an error, not silence
    for start, end, _path in found.files:
        found.masked = _blank(found.masked, start, end)
    if not found.labels:
        found.labels = _listed_labels(found)
        if found.labels:
            found.masked = _blank(found.masked, found.labels[0][0], found.labels[-1][1])
    return found


def _quoted_labels(found: RequestText) -> None:
    """Two or more short quoted texts joined only by commas, 'or', 'and' are candidate labels."""
    runs: list[list[tuple[int, int, str]]] = []
    for text in sorted(found.texts):
        short = len(text[2].split()) <= MAX_LABEL_WORDS and not text[2].endswith("?")
        if short and runs and QUOTED_LABELS.match(found.masked[runs[-1][-1][1]:text[0]]):
            runs[-1].append(text)
        elif short:
            runs.append([text])
    run = max(runs, key=len, default=[])
    if len(run) >= 2:
        found.labels = run
        found.texts = [t for t in found.texts if t not in run]


def _pasted_after_colon(found: RequestText) -> None:
    """Pasted content: after a marker such as 'Context:' (up to a 'Question:'), or a long tail after a colon
    that names no file, when the words before the colon point at it ("... this:"); quotes around it are dropped."""
    masked = found.masked
    spans = []
    for marker in PASTE_MARKER.finditer(masked):
        question = QUESTION_MARKER.search(masked, marker.end())
        spans.append((marker.end(), question.start() if question else len(masked), PASTE_MIN_WORDS))
    # the first colon the words before which point at what follows (pasted chat lines hold colons of their own)
    colon = next((m.start() for m in COLON_BEFORE_PASTE.finditer(masked) if POINTING.search(masked[:m.start()].rsplit(".", 1)[-1])), -1)
    if colon >= 0:
        spans.append((colon + 2, len(masked), TAIL_MIN_WORDS))
    for start, end, min_words in spans:
        body = found.query[start:end].strip()
        if len(body) > 1 and body[0] == body[-1] and body[0] in "'\"":
            body = body[1:-1].strip()
        if BLANK * 3 in masked[start:end] or FILE_PATTERN.search(masked[start:end]) or len(body.split()) < min_words:
            continue
        found.texts.append((start, end, body))
        found.masked = _blank(found.masked, start, end)
        return


def _listed_labels(found: RequestText) -> list[tuple[int, int, str]]:
    """Candidate labels written as a list: 'into one of: sport, politics, culture', 'a cat, a dog or a rabbit'."""
    masked = found.masked
    constraints = [(p.start, p.end) for p in constraint_phrases(masked)]
    for match in [*LABELS_AFTER.finditer(masked), *BRACED_LABELS.finditer(masked), *LABEL_LIST.finditer(masked)]:
        if any(s < match.end("list") and match.start("list") < e for s, e in constraints):
            continue  # "a permissive licence (MIT or Apache-2.0)": a list of licences to allow, not labels
        items, cursor = [], match.start("list")
        for piece in re.split(f"({LIST_SEPARATOR})", match["list"]):
            start = cursor
            cursor += len(piece)
            if re.fullmatch(LIST_SEPARATOR, piece):
                continue
            words = piece.split()
            if all(w.lower() in NOT_LABELS for w in words):
                continue  # "... or not"
            while words[0].lower() in LEADING_WORDS:
                words = words[1:]
            if piece == found.query[start:cursor]:  # no blanked value inside
                items.append((start, cursor, " ".join(words)))
        if len(items) >= 2 and not (match.re is LABEL_LIST and {item[2].split()[-1].lower() for item in items} <= POLARITY):
            return items
    return []


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
        categories=[label for _s, _e, label in located.labels],
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
    """The original text of a span, with file paths and labels kept and quoted texts/tables left out."""
    pieces = [" " if m == BLANK and q != BLANK else m for m, q in zip(located.masked[start:end], located.query[start:end])]
    kept = located.files + located.labels
    if located.labels:
        kept.append((located.labels[0][0], located.labels[-1][1], ""))
    for f_start, f_end, _value in kept:
        for i in range(max(f_start, start), min(f_end, end)):
            pieces[i - start] = located.query[i]
    return " ".join("".join(pieces).split())
