"""Pipelines written with arrows: "russian speech -> text -> english", "call.wav -> transcript -> sentiment
label", "en->fr: ...", "ASR on meeting.wav -> summarize -> extract the owners (NER)"; a component described by what
goes in and what comes out ("plain wav in, text out") is a chain of its two sides.

Each arrow turns what stands on its left into what stands on its right. A side is either a kind of data —
a file, a kind word ("speech", "text", "picture"), a language ("english", "fr"), or both ("Japanese podcast
ep3.mp3") — or a phrase naming a product or a task ("sentiment label", "summarize"). Between two kinds the
task is the library's one conversion from the one kind to the other (audio -> text is speech recognition);
a change of language is a translation; a phrase is read by the task detector, among the tasks that read the
kind of data arriving from its left. A chain of phrases only is left to the clause-by-clause reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from hive.errors import HiveError
from hive.planning.library import load_library
from hive.request import ParsedRequest
from hive.selection.constraints import LANGUAGE_NAMES
from hive.understanding.detector import CUE_FLOOR, LEANS, NONE, SURE, TaskDetector
from hive.understanding.features import CueSpan
from hive.understanding.fanout import TRANSLATION
from hive.understanding.inputs import MODALITY_BY_EXTENSION, kinds_named_by, modality_of_path
from hive.understanding.parsing import ARROW_GLYPH, BLANK, RequestText
from hive.understanding.segments import language_of_code, part_between, sentence_span
from hive.understanding.task_names import task_asked_by_name

ARROW = re.compile(rf"[ \t]*(?:{ARROW_GLYPH})[ \t]*")
# what ends a side of a chain: a sentence end, a colon, a comma, a bracket, a line break
SIDE_END = re.compile(r"[.!?;:,()\n]+(?=\s|$)|\n|[,()]")
BRACKETED_FILE = re.compile(rf"\((\s*{BLANK}+\s*)\)")
BRACKETED_WORD = re.compile(r"\((\s*[^\W\d_]+\s*)\)")  # "./allhands.wav (English) -> ...": a language in brackets is its side's
WORD = re.compile(r"[^\W\d_]+|" + BLANK + "+")
# words that say nothing of a side's kind ("the", "my", "in", "plain")
FILLER = {"the", "a", "an", "my", "our", "your", "this", "that", "in", "into", "to", "of", "from", "plain", "raw", "some", "file"}
MAX_SIDE_WORDS = 6
PURPOSE = re.compile(r"\s+for\s+\w")  # a side's words after "for" say what its data is for ("text for the wiki")
# a file the last side of a chain of task names works on ("ASR -> summarization -> TTS for ./a.wav"): the chain's input
INPUT_AT_END = re.compile(rf"\s+(?:for|on|of|over|from|with|using)\s+(?:(?:the|my|our|this|file)\s+)*({BLANK}+)\s*$", re.I)
# a component described by what goes in and what comes out ("plain wav in, text out", "a news paragraph goes in, entity
# spans come out"): a chain from the one to the other
IN_OUT = re.compile(r"(?P<source>[^.!?;:,()\n]{1,80}?)\s+(?:goes\s+|go\s+|comes?\s+)?in\s*(?:,|;|/|\band\b)\s*"
                    r"(?P<target>[^.!?;:,()\n]{1,80}?)\s+(?:comes?\s+|goes?\s+)?out\b", re.I)
EXTENSION_WORDS = set(MODALITY_BY_EXTENSION) - {"log"}  # a file's kind by its extension alone ("plain wav in"; "log in" is a verb)
OWN_READING_SHARE = 0.5  # a phrase's reading among tasks of the arriving kind beats its best reading after a conversion when at least this share as likely
TEXT = "text"


@dataclass(frozen=True)
class Side:
    """One side of an arrow: its span, and the kind of data and language it names (both None for a phrase)."""

    start: int
    end: int
    kind: str | None = None
    language: str | None = None
    opening: tuple[int, int] | None = None  # words before the data on a chain's first side, maybe asking for a task


@dataclass(frozen=True)
class ChainStep:
    """A task a chain asks for, the span of the side that asks for it, and a translation's target language."""

    task: str
    start: int
    end: int
    confidence: float
    language: str | None = None


@dataclass(frozen=True)
class Chain:
    start: int
    end: int
    steps: tuple[ChainStep, ...]


def read_chains(located: RequestText, parsed: ParsedRequest, cues: list[CueSpan], detector: TaskDetector,
                described_floor: float = LEANS) -> list[Chain]:
    """The arrow chains of a request that name at least one kind of data, each with the steps it asks for.
    A chain with a side that cannot be read is left out (the clauses are read as usual), and so is a component
    described by what goes in and comes out whose least likely step is below `described_floor`."""
    chains = []
    for sides, described in _chains(located):
        least = described_floor if described else 0.0
        if all(side.kind is None for side in sides):
            continue
        steps = _steps(sides, located, parsed, cues, detector)
        if steps and min(step.confidence for step in steps) >= least:
            chains.append(Chain(min(s.start for s in sides), max(s.end for s in sides), tuple(steps)))
    return chains


def _chains(located: RequestText) -> list[tuple[list[Side], bool]]:
    """Every run of arrows in the masked request, as its sides ("audio (ep12.mp3) -> ...", "call.wav (Spanish) -> ...":
    a file or a language in brackets beside a side's words is part of it, not its end), then every component described
    by what goes in and comes out (marked True: what comes out of one is a product's name, read as a task only when it
    leans to one; "PER/ORG/LOC/MISC spans" is not a question's answer)."""
    text = BRACKETED_FILE.sub(lambda m: f" {m.group(1)} ", located.masked)
    text = BRACKETED_WORD.sub(lambda m: f" {m.group(1)} " if m.group(1).strip().lower() in LANGUAGE_NAMES else m.group(), text)
    chains: list[list[Side]] = []
    for arrow in ARROW.finditer(text):
        left_start = _side_start(text, arrow.start())
        if chains and chains[-1][-1].end == arrow.start():
            sides = chains[-1]
        else:
            sides = [_side(located, left_start, arrow.start(), first=True)]
            chains.append(sides)
        end = _side_end(text, arrow.end())
        side = _side(located, arrow.end(), end)
        if side.kind is None and sides[-1].language is not None and (said := _opening_language(located, arrow.end(), end)):
            side = _side(located, arrow.end(), said)  # "zh→en translation and then ...": a language pair, the rest read as usual
        sides.append(side)
    chains = [_input_named_last(sides, located, text) for sides in chains if all(s.end > s.start for s in sides)]
    described = [sides for sides in _in_and_out(located, text)
                 if not any(s.start < c[-1].end and c[0].start < sides[-1].end for c in chains for s in sides)]
    return [(sides, False) for sides in chains] + [(sides, True) for sides in described]


def _in_and_out(located: RequestText, text: str) -> list[list[Side]]:
    """Components described by what goes in and what comes out ("plain wav in, text out"), each as a chain of two
    sides (the first may open with other words: "the new component is plain wav in"). What goes in is data: text
    when its words name no other kind ("a news paragraph goes in", "docstring in"). A component whose input's kind no
    file of the request has is left to the clauses (a "clip" may be a sound)."""
    chains = []
    kinds_given = {_kind_of_file(path) for _start, _end, path in located.files}
    for said in IN_OUT.finditer(text):
        source = _side(located, *said.span("source"), first=True)
        if kinds_given and source.kind is not None and source.kind not in kinds_given:
            continue  # "clip in, ... out. sample cmd_001.wav": the word's kind is not the data's
        sentence_start, _end = sentence_span(text, source.start)
        if text[sentence_start:source.start].rstrip().endswith(":"):  # "extractive QA: question in, ...": its label is the chain's
            source = replace(source, start=sentence_start)
        chains.append([source if source.kind else replace(source, kind=TEXT), _side(located, *said.span("target"))])
    return chains


def _input_named_last(sides: list[Side], located: RequestText, text: str) -> list[Side]:
    """A chain of task names whose last side names the file it works on ("ASR -> summarization -> TTS for
    ./a.wav"): that file is the chain's input, its first side; the last side is its task name alone."""
    if sides[0].kind is not None or sides[0].opening is not None:
        return sides
    last = sides[-1]
    named = INPUT_AT_END.search(located.masked, last.start, _side_end(text, last.start))
    if named is None:
        return sides
    return [_side(located, *named.span(1)), *sides[:-1], _side(located, last.start, named.start())]


def _opening_language(located: RequestText, start: int, end: int) -> int | None:
    """Where the language a phrase opens with ends ("en translation and then sentiment"), else None."""
    word = WORD.search(located.masked, start, end)
    return word.end() if word is not None and _word_kind(located, word)[1] is not None else None


def _side_start(text: str, end: int) -> int:
    boundary = max((m.end() for m in SIDE_END.finditer(text, 0, end)), default=0)
    previous_arrow = max((m.end() for m in ARROW.finditer(text, 0, end)), default=0)
    return _skip_space(text, max(boundary, previous_arrow))


def _side_end(text: str, start: int) -> int:
    stops = [m.start() for m in (SIDE_END.search(text, start), ARROW.search(text, start)) if m]
    end = min(stops, default=len(text))
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at].isspace():
        at += 1
    return at


def _side(located: RequestText, start: int, end: int, first: bool = False) -> Side:
    """A side read as a kind of data when its words are only a file, kind words, a language and filler. The
    first side of a chain may open with other words ("can we do russian speech", "ASR on meeting.wav"): they
    become a side of their own, a phrase before the data ("Side.opening")."""
    if not first and (purpose := PURPOSE.search(located.masked, start, end)) and purpose.start() > start:
        end = purpose.start()  # "dictation -> text for clinic notes": what the text is for is not what it is
    words = list(WORD.finditer(located.masked, start, end))
    kinds = [_word_kind(located, word) for word in words]
    if first:
        other = [i for i, (kind, language) in enumerate(kinds) if kind is None and language is None
                 and words[i].group().lower() not in FILLER]
        if other and other[-1] < len(words) - 1:
            data_start = words[other[-1] + 1].start()
            data = _side(located, data_start, end)
            return Side(data.start, data.end, data.kind, data.language, opening=(start, words[other[-1]].end()))
    if not words or len(words) > MAX_SIDE_WORDS:
        return Side(start, end)
    named = [kinds[i] for i, word in enumerate(words) if word.group().lower() not in FILLER]
    if not named or any(kind is None and language is None for kind, language in named):
        return Side(start, end)
    found_kinds = {kind for kind, _language in named if kind}
    languages = {language for _kind, language in named if language}
    if len(found_kinds) > 1 or len(languages) > 1:
        return Side(start, end)
    return Side(start, end, kind=found_kinds.pop() if found_kinds else TEXT, language=languages.pop() if languages else None)


def _kind_of_file(path: str) -> str | None:
    try:
        return modality_of_path(path)
    except HiveError:
        return None


def _word_kind(located: RequestText, word: re.Match) -> tuple[str | None, str | None]:
    """The kind of data and the language one word names."""
    token = word.group()
    if token.startswith(BLANK):
        path = next((p for s, e, p in located.files if s <= word.start() < e), None)
        if path:
            return _kind_of_file(path), None
        if any(c.start <= word.start() < c.end for c in located.constraints):
            return None, None  # a limit's words ("Disease ID -> best accuracy on beans"): no data
        return TEXT, None
    lowered = token.lower()
    if lowered in LANGUAGE_NAMES:
        return None, lowered
    if len(lowered) == 2 and (code_of := language_of_code(lowered)):
        return None, code_of
    kinds = kinds_named_by(token) or ({MODALITY_BY_EXTENSION[lowered]} if lowered in EXTENSION_WORDS else set())
    return (kinds.pop(), None) if len(kinds) == 1 else (None, None)


def _steps(sides: list[Side], located: RequestText, parsed: ParsedRequest, cues: list[CueSpan], detector: TaskDetector) -> list[ChainStep]:
    """The tasks that turn each side into the next; [] when a side cannot be read."""
    first = sides[0]
    kind, language = first.kind, first.language
    steps: list[ChainStep] = []
    if first.opening and (asked := _phrase_step(Side(*first.opening), kind, located, parsed, cues, detector, sure=True)):
        steps.append(asked)  # "ASR on meeting.wav -> ...": the words before the file ask for the first step
        kind = _output_kind(asked.task)
    for side in sides[0 if kind is None else 1:]:
        if side.kind is None:
            found = _phrase_steps(side, kind, located, parsed, cues, detector)
            if not found:
                return []
            steps += found
            kind = _output_kind(found[-1].task)
            continue
        if side.kind != kind:
            conversion = conversion_between(kind, side.kind)
            if conversion is None:
                return []
            steps.append(ChainStep(conversion, side.start, side.end, 1.0))
        if _translates(kind, language, side):
            target = side.language.capitalize()
            if steps and steps[-1].task == TRANSLATION and steps[-1].language is None:
                steps[-1] = replace(steps[-1], language=target)  # "translate en->fr": the words asked for this one
            else:
                steps.append(ChainStep(TRANSLATION, side.start, side.end, 1.0, target))
        kind, language = side.kind, side.language or language
    return steps


def _translates(kind: str, language: str | None, side: Side) -> bool:
    """Whether arriving at a side changes the text's language: it names one other than the language so far, or
    names one after text of no stated language ("transcript -> english"; not "call.wav -> english text")."""
    if side.language is None or side.kind != TEXT:
        return False
    return side.language != language if language else kind == TEXT


def _phrase_steps(side: Side, kind: str | None, located: RequestText, parsed: ParsedRequest, cues: list[CueSpan],
                  detector: TaskDetector) -> list[ChainStep]:
    """A phrase's task, after the conversion its input needs ("call.wav -> summary": transcribe, then summarise),
    unless a task reading the arriving kind is about as likely."""
    step = _phrase_step(side, None, located, parsed, cues, detector)
    if step is None:
        return []
    if kind is None or kind in _input_kinds(step.task):
        return [step]
    own = _phrase_step(side, kind, located, parsed, cues, detector)
    if own is not None and own.confidence >= OWN_READING_SHARE * step.confidence:
        return [own]  # a reading of the arriving kind about as likely ("ner on the output" of a picture is no picture question)
    conversion = next((c for needed in sorted(_input_kinds(step.task)) if (c := conversion_between(kind, needed))), None)
    return [ChainStep(conversion, side.start, side.end, step.confidence), step] if conversion else []


def _phrase_step(side: Side, kind: str | None, located: RequestText, parsed: ParsedRequest, cues: list[CueSpan],
                 detector: TaskDetector, sure: bool = False) -> ChainStep | None:
    """The task the detector reads a phrase as, among those reading `kind` (any, when None), if likely enough
    (`sure`: also likelier than asking for nothing); a task's own name is that task ("ASR -> MT -> TTS")."""
    named = task_asked_by_name(located.masked[side.start:side.end], located.masked[side.end:side.end + 60])
    if named and (kind is None or kind in _input_kinds(named)):
        return ChainStep(named, side.start, side.end, SURE)
    reading = detector.score_parts([part_between(located, side.start, side.end)], parsed, cues)[0]
    allowed = [(task, p) for task, p in reading.probabilities.items()
               if task != NONE and (kind is None or kind in _input_kinds(task))]
    if not allowed:
        return None
    task, p = max(allowed, key=lambda tp: tp[1])
    likely = p >= CUE_FLOOR and (not sure or p >= reading.probabilities.get(NONE, 0.0))
    return ChainStep(task, side.start, side.end, p) if likely else None


@lru_cache(maxsize=None)
def conversion_between(source: str, target: str) -> str | None:
    """The library's one task that reads `source` data and makes `target` data (a conversion first)."""
    actions = [a for a in load_library().actions.values() if a.output_modalities == [target]
               and a.input_modality(a.main_input) == source and len(a.inputs) == 1]
    for candidates in ([a for a in actions if a.bridge], actions):
        if len(candidates) == 1:
            return candidates[0].name
    return None


@lru_cache(maxsize=None)
def _input_kinds(task: str) -> frozenset[str]:
    action = load_library().actions.get(task)
    return frozenset(kind for _param, kind in action.inputs) if action else frozenset({TEXT})


@lru_cache(maxsize=None)
def _output_kind(task: str) -> str:
    action = load_library().actions.get(task)
    return action.output_modalities[0] if action and action.output_modalities else TEXT
