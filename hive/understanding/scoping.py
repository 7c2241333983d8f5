"""Which steps a constraint stated in the request binds.

A constraint binds the step its sentence names as its target ("... for the OCR step", "the transcriber
should ..."), else the steps its clause asks for ("then summarise it with an Apache-2.0 model"). One
stated on its own, in a clause holding every step, or with "all", "every" or plural "models" binds every
step (the request's global constraints).
"""

from __future__ import annotations

import re

from hive.selection.phrases import constraint_phrases, merge_phrase
from hive.understanding.detector import NONE, PartReading, TaskDetector
from hive.understanding.parsing import locate_values, parse_request
from hive.understanding.rules import Mention, family_of
from hive.understanding.segments import sentence_span, whole_request

NAMED_STEP = re.compile(
    r"\bfor\s+the\s+(?P<what>[\w -]{2,40}?)\s*(?:step|part|stage|task)?(?=\s*(?:[,.;:!?]|$|\buse\b|\bpick\b))"
    r"|\b(?:the|a)\s+(?P<what2>[\w -]{2,30}?)\s+(?:model|step|one)\s+(?:should|must|has\s+to|needs?\s+to|ought\s+to)\b",
    re.I,
)
EVERY = re.compile(r"\b(?:all|every|each|everything|throughout|models)\b", re.I)


def scope_constraints(query: str, readings: list[PartReading], tasks: list[Mention], detector: TaskDetector) -> dict:
    """The request's global constraints ({"global": ...} or {}); step-bound ones go to `mention.constraints`."""
    whole: dict = {}
    for phrase in constraint_phrases(locate_values(query).masked):
        part = next((r.part for r in readings if r.part.start <= phrase.start < r.part.end), None)
        clause = query[part.start:part.end] if part is not None else ""
        start, end = sentence_span(query, phrase.start)
        steps = _named_steps(query[start:end], tasks, detector) or [
            m for m in tasks if part is not None and part.start <= m.start < part.end]
        if not steps or len(steps) == len(tasks) or EVERY.search(clause):
            merge_phrase(whole, phrase)
        else:
            for mention in steps:
                merge_phrase(mention.constraints, phrase)
    return {"global": whole} if whole else {}


def _named_steps(sentence: str, tasks: list[Mention], detector: TaskDetector) -> list[Mention]:
    """The steps a sentence names as the target of a constraint: 'for the OCR step', 'the voice model must'."""
    match = NAMED_STEP.search(sentence)
    if match is None:
        return []
    parsed, located = parse_request(match["what"] or match["what2"])
    reading = detector.score_parts([whole_request(located)], parsed, [])[0]
    label = next(t for t, _p in reading.ranked(2) if t != NONE)  # a step's name alone often reads as "none"
    return [m for m in tasks if m.task == family_of(label)]
