"""Which steps a constraint stated in the request binds.

A constraint binds the step its sentence names as its target ("... for the OCR step", "the transcriber
should ..."), else the steps its clause asks for ("then summarise it with an Apache-2.0 model"). One
stated on its own, in a clause holding every step, or with "all", "every" or plural "models" binds every
step (the request's global constraints).
"""

from __future__ import annotations

import re

from hive.selection.phrases import Phrase, merge_phrase
from hive.understanding.detector import NONE, PartReading, TaskDetector
from hive.understanding.families import family_of
from hive.understanding.parsing import parse_request
from hive.understanding.rules import Mention
from hive.understanding.segments import sentence_span, whole_request

NAMED_STEP = re.compile(
    r"\bfor\s+the\s+(?P<what>[\w -]{2,40}?)\s*(?:step|part|stage|task)?(?=\s*(?:[,.;:!?]|$|\b(?:use|pick|take|choose|select|prefer|go|get|want|i|we|you|it)\b))"
    r"|\b(?:the|a)\s+(?P<what2>[\w -]{2,30}?)\s+(?P<noun>(?:model|step|one)\s+)?(?:should|must|has\s+to|needs?\s+to|ought\s+to)\b",
    re.I,
)
NAMES_A_STEP = 0.05  # "for the picture generation": the plan's step the name reads as most, if at least this
SURE_NAME = 0.5  # how sure the detector must be that "the X should" names a step when X is not "model" or "step"
SEGMENT_BREAK = re.compile(r";|\s[-\u2013\u2014]\s")
EVERY = re.compile(r"\b(?:all|every|each|everything|throughout|models)\b", re.I)


def scope_constraints(query: str, phrases: list[Phrase], readings: list[PartReading], tasks: list[Mention],
                      detector: TaskDetector) -> dict:
    """The request's global constraints ({"global": ...} or {}) from its constraint phrases; step-bound ones go
    to `mention.constraints`."""
    whole: dict = {}
    for phrase in phrases:
        part = next((r.part for r in readings if r.part.start <= phrase.start < r.part.end), None)
        clause = query[part.start:part.end] if part is not None else ""
        start, end = sentence_span(query, phrase.start)
        steps = _named_steps(_segment(query, start, end, phrase.start), tasks, detector) or [
            m for m in tasks if part is not None and part.start <= m.start < part.end]
        if not steps or len(steps) == len(tasks) or EVERY.search(clause):
            merge_phrase(whole, phrase)
        else:
            for mention in steps:
                merge_phrase(mention.constraints, phrase)
    return {"global": whole} if whole else {}


def _segment(query: str, start: int, end: int, at: int) -> str:
    """The part of the sentence query[start:end] around offset `at` that a semicolon or dash sets apart
    ("the transcriber should have the lowest WER; for the answers take the smallest model")."""
    cuts = [start] + [m.end() for m in SEGMENT_BREAK.finditer(query, start, end)] + [end]
    return next(query[a:b] for a, b in zip(cuts, cuts[1:]) if a <= at < b or b == end)


def _named_steps(sentence: str, tasks: list[Mention], detector: TaskDetector) -> list[Mention]:
    """The steps a sentence names as the target of a constraint: 'for the OCR step', 'the voice model must'."""
    match = NAMED_STEP.search(sentence)
    if match is None:
        return []
    parsed, located = parse_request(match["what"] or match["what2"])
    reading = detector.score_parts([whole_request(located)], parsed, [])[0]

    def named(mention: Mention) -> float:
        """How surely the name names this step: by its task (a meta step by any member) or by another task
        its clause was also read as (a step read as image-to-image may become text-to-image)."""
        own = {mention.task, family_of(mention.task)} | {t for t, p in mention.readings if p >= NAMES_A_STEP}
        return max(p for t, p in reading.probabilities.items() if t != NONE and (t in own or family_of(t) in own))

    best = max(tasks, key=named, default=None)
    floor = SURE_NAME if match["what2"] and not match["noun"] else NAMES_A_STEP
    if best is None or named(best) < floor:
        return []  # "the output should ..." names no step; "the transcriber should ..." does
    return [m for m in tasks if m.task == best.task]
