"""A pasted block listing several items under labels of their own ("Item 1:", "2)", "Review B:", "Plan A
text:") is several texts when the person asks something of each of them ("Summarise each of these two news
items", "Translate both into English"); a step asked of each then runs once per item (`fanout`).

A numbered list the person asks nothing of "each" about stays one text: "summarise this recipe: 1. Preheat
the oven ..." is one summary.
"""

from __future__ import annotations

import re

# a label opening a line: an optional word, a number or a capital letter, an optional word, then ":", "." or ")"
ITEM_LABEL = re.compile(r"^[ \t]*(?:(?P<word>[A-Za-z]+)[ \t]+)?(?P<mark>\d{1,2}|[A-H])(?:[ \t]+[a-z]+)?[ \t]*[:.)][ \t]*\n?[ \t]*",
                        re.M)
# words asking something of every item: "each", "both", "separately", "one by one"
EACH = re.compile(r"\b(?:each|both|separate(?:ly)?|individual(?:ly)?|respectively|every|one by one|apiece)\b", re.I)


def items_of(query: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of the labelled items that make up `query[start:end]`, or [] when it is not such a list. The
    first label may sit just before the span (a colon after "1" read as the paste's opener)."""
    line_start = query.rfind("\n", 0, start) + 1
    if query[line_start:start].strip() and not ITEM_LABEL.fullmatch(query, line_start, start):
        return []
    labels = list(ITEM_LABEL.finditer(query, line_start, end))
    if len(labels) < 2 or labels[0].start() != line_start or not _in_sequence(labels):
        return []
    return _item_spans(query, labels, end)


def listed_in_words(masked: str) -> list[tuple[int, int]]:
    """Labelled items written among the person's own words, no paste found around them ("Two reviews:\nA) El hotel
    ...\nB) L'hôtel ...\nTranslate both"): each item runs to the next label, the last to the end of its line."""
    labels = list(ITEM_LABEL.finditer(masked))
    if len(labels) < 2 or not _in_sequence(labels):
        return []
    line_end = masked.find("\n", labels[-1].end())
    return _item_spans(masked, labels, line_end if line_end >= 0 else len(masked))


# "every model", "both steps", "each of the models", "(both)" after a limit's name: what a limit binds, not items
OF_MODELS_OR_STEPS = re.compile(r"\s+(?:of\s+(?:the|these|those|our)\s+)?(?:[\w-]+\s+)?(?:models?|steps?|stages?|tasks?|parts?)\b"
                                r"|\)\s*:", re.I)


def asks_of_each(masked: str) -> bool:
    """Whether the person's own words (pasted content blanked) ask something of each item (not of each model or
    step: "limits: every model under 1B params" below a numbered list of steps)."""
    return any(not OF_MODELS_OR_STEPS.match(masked, match.end()) for match in EACH.finditer(masked))


def _item_spans(text: str, labels: list[re.Match], last_end: int) -> list[tuple[int, int]]:
    """Each item from its label's end to the next label (the last to `last_end`), trailing space left out; [] when
    an item is empty."""
    ends = [label.start() for label in labels[1:]] + [last_end]
    items = [(label.end(), _trimmed_end(text, label.end(), end)) for label, end in zip(labels, ends)]
    return items if all(item_end > item_start for item_start, item_end in items) else []


def _in_sequence(labels: list[re.Match]) -> bool:
    """The labels count up from 1 or from A, and share their leading word (or have none)."""
    marks = [m["mark"] for m in labels]
    first = "1" if marks[0].isdigit() else "A"
    expected = [str(i + 1) if first == "1" else chr(ord("A") + i) for i in range(len(marks))]
    words = {(m["word"] or "").lower() for m in labels}
    return marks == expected and len(words) == 1


def _trimmed_end(query: str, start: int, end: int) -> int:
    """`end` moved back over trailing whitespace."""
    while end > start and query[end - 1].isspace():
        end -= 1
    return end
