"""The learned task detector: a probability over every task (and "none") for each part of a request.

The mean of two classifiers over the same features (`features.Featuriser`): a multinomial logistic regression
and a network with one hidden layer, trained by `hive.understanding.training` on the labelled pool
`data/pool.jsonl`; their weights ship as `data/detector.npz` (the network's in half precision). A file
without the network's weights is read by the regression alone. Reading a part costs one sentence encoding
(a few ms) and three matrix products.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import numpy as np

from hive.errors import HiveError
from hive.request import ParsedRequest
from hive.understanding.encoder import SentenceEncoder
from hive.understanding.families import family_of
from hive.understanding.features import CueSpan, Featuriser
from hive.understanding.hidden_layer import load_network, output_logits
from hive.understanding.package_files import package_file
from hive.understanding.parsing import POLITE_REQUEST, RequestText
from hive.understanding.segments import WORD, Part, part_between, split_parts
from hive.understanding.task_names import task_asked_by_name

NONE = "none"
WEAK = 0.35  # a part read as a task below this (or read as none) may join a neighbour read surely
SURE = 0.5
CUE_FLOOR = 0.02  # a cue phrase (or a model's name) the detector gives less than this is not a task
LEANS = 0.25  # a weak part reading another task at least this surely keeps it (is not swallowed by a neighbour)
JOIN_TOLERANCE = 0.05  # how much surer the neighbour alone may be than the two together
MAX_PARTS = 48  # clauses a request may have (each costs an encoding; pasted text is masked, not a clause)
MAX_JOINT_CHARS = 300  # neighbours join only while the two together stay this short
BULLET = re.compile(r"[ \t]*(?:[-*\u2022]|\d+[.)]|[A-Ha-h][.)])[ \t]")  # a line that opens a list item ("- ", "2) ", "c) ")
TABLE_ROW = re.compile(r"[ \t]*\|")


def default_weights_path() -> Path:
    return package_file("data/detector.npz")


@dataclass
class PartReading:
    """A part of the request and the detector's probability for each label."""

    part: Part
    probabilities: dict[str, float]

    def ranked(self, k: int = 3) -> list[tuple[str, float]]:
        return sorted(self.probabilities.items(), key=lambda kv: -kv[1])[:k]

    @property
    def best(self) -> tuple[str, float]:
        return self.ranked(1)[0]


class TaskDetector:
    """Scores request parts with the shipped weights (or the ones given)."""

    def __init__(self, weights_path: Path | None = None, encoder: SentenceEncoder | None = None) -> None:
        path = Path(weights_path or default_weights_path())
        if not path.is_file():
            raise HiveError(f"the task detector's weights are missing ({path}): run 'python -m hive.understanding.training train'")
        with np.load(path, allow_pickle=False) as data:
            self.weights, self.bias = data["weights"], data["bias"]
            self.shift, self.scale = data["shift"], data["scale"]
            self.labels = [str(x) for x in data["labels"]]
            cue_names = [str(x) for x in data["cue_names"]]
            self.network = load_network(data)
        self.featuriser = Featuriser(cue_names, encoder)

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        standard = (rows - self.shift) * self.scale
        regression = _softmax(standard @ self.weights.T + self.bias)
        if self.network is None:
            return regression
        return (regression + _softmax(output_logits(standard, self.network))) / 2

    def read(self, located: RequestText, parsed: ParsedRequest, cues: list[CueSpan]) -> list[PartReading]:
        """Every part of the request with its label probabilities, in request order. A part that asks for
        nothing or for a task only weakly joins a neighbour when the two read together as one task surely
        ("Watch ./a.mp4, tell me what sport it is"); the surest joins are made first."""
        parts = split_parts(located)
        if len(parts) > MAX_PARTS:
            raise HiveError(f"the request has {len(parts)} clauses; HIVE reads requests of up to {MAX_PARTS}: put a long "
                            "text in quotes or after 'Text:' so it is read as input, or split the request")
        readings = self.score_parts(parts, parsed, cues) if parts else []
        joints: dict[tuple[int, int], PartReading] = {}

        def joint(first: int) -> PartReading | None:
            if readings[first + 1].part.end - readings[first].part.start > MAX_JOINT_CHARS:
                return None  # a clause grown this long is no fragment of one request
            span = (readings[first].part.start, readings[first + 1].part.end)
            if span not in joints:
                joints[span] = self.score_parts([part_between(located, *span)], parsed, cues)[0]
            return joints[span]

        while True:
            candidates = [(first, reading) for first in self._joinable(readings, located.masked)
                          if (reading := joint(first)) is not None and self._joins(readings, first, reading)]
            if not candidates:
                return readings
            # fragments of one clause ("then generate a new, | polished image of it") join each other before a
            # surer neighbour may swallow them; then the surest join first
            first, reading = max(candidates, key=lambda c: (self._both_weak(readings[c[0]:c[0] + 2]), c[1].best[1]))
            readings[first:first + 2] = [_asked_as(reading, readings[first:first + 2])]

    @staticmethod
    def _joinable(readings: list[PartReading], text: str) -> list[int]:
        """Indices of neighbouring pairs of which at least one part is weak; a bulleted or numbered line is an
        item of its own and joins nothing before it, two parts naming files of different kinds do not join
        ("call.wav: whose call is that? | heron.jpg: which heron is it?"), and a part asking for a task by its name
        alone ("TTS it") joins none."""
        weak = [r.best[0] == NONE or r.best[1] < WEAK for r in readings]
        by_name = [task_asked_by_name(text[r.part.start:r.part.end], text[r.part.end:r.part.end + 60]) is not None for r in readings]
        return [i for i in range(len(readings) - 1)
                if (weak[i] or weak[i + 1]) and not (by_name[i] or by_name[i + 1]) and not _opens_a_line_of_its_own(text, readings[i + 1].part.start)
                and not _work_on_different_kinds(readings[i].part, readings[i + 1].part)
                and not (weak[i] and not weak[i + 1] and _question_before_an_ask(text, readings[i].part, readings[i + 1].part))]

    @staticmethod
    def _joins(readings: list[PartReading], first: int, joint: PartReading) -> bool:
        """Two neighbours read as one task surely: a task one of them already leaned to, or any task when
        neither alone asked for one surely ('generate a new, | polished image of it')."""
        pair = readings[first:first + 2]
        label, p = joint.best
        leaned = {t for r in pair for t, _p in r.ranked(2)}
        both_weak = TaskDetector._both_weak(pair)
        if not both_weak and any(r.best[0] not in (NONE, label) and r.best[1] >= LEANS for r in pair if r.best[1] < WEAK):
            return False  # a weak part leaning to another task asks for it, unsurely: a surer neighbour does not swallow it
        if any(label not in dict(r.ranked(2)) and family_of(label) != family_of(r.best[0]) for r in pair
               if r.best[0] != NONE and r.best[1] >= WEAK):
            # a join reads what the surer part leans to ('Listen to ./a.wav | and tell me if it is A or B' is not
            # transcription), or the same meta task for what the other part names ('... sounds angry or calm')
            return False
        return label != NONE and (both_weak or label in leaned) and p >= max(SURE, max(r.probabilities[label] for r in pair) - JOIN_TOLERANCE)

    @staticmethod
    def _both_weak(pair: list[PartReading]) -> bool:
        return all(r.best[0] == NONE or r.best[1] < WEAK for r in pair)

    def score_parts(self, parts: list[Part], parsed: ParsedRequest, cues: list[CueSpan]) -> list[PartReading]:
        """The given parts as they are, each with its label probabilities."""
        probs = self.probabilities(self.featuriser.rows(parts, parsed, cues))
        return [PartReading(part, dict(zip(self.labels, map(float, row)))) for part, row in zip(parts, probs)]


def _asked_as(joint: PartReading, pair: list[PartReading]) -> PartReading:
    """A joined part is a question when the one of the two that reads as its task more surely is ("Nothing under
    that licence, ok? | Anyway: write a tagline" asks for writing, not an answer)."""
    asking = max(pair, key=lambda r: r.probabilities[joint.best[0]])
    return PartReading(replace(joint.part, question=asking.part.question), joint.probabilities)


def _softmax(logits: np.ndarray) -> np.ndarray:
    logits = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    return exp / exp.sum(axis=1, keepdims=True)


def _question_before_an_ask(text: str, first: Part, second: Part) -> bool:
    """A whole question sentence followed by a clause that asks no question (read unsurely before a sure ask: two asks,
    not one clause broken, "Is there an en-suite? | Use those answers to write a listing blurb")."""
    question = text[first.start:first.end].strip()
    return question.endswith("?") and len(WORD.findall(question)) >= 3 and "?" not in text[second.start:second.end] \
        and not POLITE_REQUEST.match(question)


def _work_on_different_kinds(first: Part, second: Part) -> bool:
    """Whether both parts name files and no kind of file is named in both."""
    return bool(first.modalities) and bool(second.modalities) and not first.modalities & second.modalities


def _opens_a_line_of_its_own(text: str, start: int) -> bool:
    """Whether a part starting at `start` is the item of a bulleted or numbered line ("\n- translator: ...") or a
    table's first row after a statement ("... and (b) a transcript.\n\n| step | limit |"; rows join each other, and
    a question before a table reads it: "which away game kicks off earliest?\n\n| Date | ...")."""
    line_start = text.rfind("\n", 0, start) + 1
    if line_start == 0 or text[line_start:start].strip(" \t-*\u2022.)0123456789"):
        return False
    if TABLE_ROW.match(text, line_start):
        previous = text[:line_start].rstrip().rpartition("\n")[2]
        return previous.endswith(".") and not TABLE_ROW.match(previous)  # (a question before a table asks about it)
    return bool(BULLET.match(text, line_start))


@lru_cache(maxsize=1)
def shared_detector() -> TaskDetector:
    """The process-wide detector with the shipped weights."""
    return TaskDetector()
