"""A step asked for in a language its text is not in reads a translation into that language: "read it out in
Spanish" of an English text, "an English summary" of a French lecture, the transcript of a Portuguese voicemail
for a person who only speaks English (docs/understanding.md, "The language a step is asked in")."""

from __future__ import annotations

import re

from hive.request import GoalSpec, InputResource
from hive.selection.constraints import LANGUAGE_MENTION, LANGUAGE_NAMES, language_name
from hive.understanding.fanout import TRANSLATION
from hive.understanding.inputs import PROMPT_ID
from hive.understanding.language import TEXT_IS_IN, named_source_language, persons_language, spoken_language, text_language, the_one

# The steps whose output is in the language of the text they read: a translation goes before a voice (it reads the
# translated text) and before a summary asked in English (English summarisers read it), after one asked in another
FOLLOW_THEIR_TEXT = {"text-to-speech", "summarization"}
TRANSCRIPTION = "automatic-speech-recognition"
# Words around a language name asking for a result in it: "read it out in Spanish", "an English summary", "a
# German voice-over" (the name itself is found by LANGUAGE_MENTION, compiled once for the whole program)
IN_BEFORE = re.compile(r"\bin\s+$", re.I)
RESULT_AFTER = re.compile(r"[- ](?:summary|summaries|version|voice-?over|narration|audio)\b", re.I)


def in_asked_languages(goals: list[GoalSpec], inputs: dict[str, InputResource], words: str) -> list[GoalSpec]:
    """The goals, with a translation before (or after) a voice or a summary asked for in a language other than
    the one its text is known to be in, and after a last transcript of a recording in another language than the
    one asked or the person speaks; a translation already asked into that language of the same text is read
    by the voice instead of running beside it. Nothing changes when the languages are not both known."""
    goals = list(goals)
    persons = persons_language(words)
    recording = spoken_language(words)
    # the language a recording is said to be in ("I recorded myself in English (me.wav)") is asked of nothing
    spoken = recording if any("audio" in r.modalities for r in inputs.values()) else None
    asked = (asked_languages(words) - {spoken}) | ({persons} - {None})
    _aim_translations(goals, inputs, words, asked, persons)
    goals = _without_translations_into_their_own_language(goals, inputs)
    if not asked:
        return goals
    for index, goal in enumerate(list(goals)):
        if goal.task == TRANSCRIPTION and not _read_by_others(index, goals):
            source = recording  # a transcript is in the recording's language; a translation follows it
        elif goal.task in FOLLOW_THEIR_TEXT:
            source = _language_of(goal.source, goals, inputs, words)
        else:
            continue
        wanted = asked - {source}
        if source is None or len(wanted) != 1:
            continue
        target = wanted.pop()
        name = language_name(target)
        beside = next((i for i, g in enumerate(goals) if g.task == TRANSLATION and g.language and LANGUAGE_NAMES.get(g.language.lower()) == target), None)
        if beside is not None:
            if goals[beside].source == goal.source and goal.task == "text-to-speech":
                goal.source = beside  # "Read this out in Spanish: ..." had read the English text beside its translation
            continue
        if goal.task == TRANSCRIPTION or (goal.task == "summarization" and target != "en" and not _read_by_others(index, goals)):
            goals.append(GoalSpec(task=TRANSLATION, source=index, language=name, confidence=goal.confidence))
        else:
            goals.append(GoalSpec(task=TRANSLATION, source=goal.source, language=name, confidence=goal.confidence))
            goal.source = len(goals) - 1
    return goals


def _languages_into(words: str) -> set[str]:
    """The codes of the languages the words name after "to" or "into" ("put it into English")."""
    return {LANGUAGE_NAMES[m["name"].lower()] for m in LANGUAGE_MENTION.finditer(words) if m["before"]}


def asked_languages(words: str) -> set[str]:
    """The codes of the languages the words ask a result in."""
    return {LANGUAGE_NAMES[m["name"].lower()] for m in LANGUAGE_MENTION.finditer(words)
            if not m["before"] and not TEXT_IS_IN.search(words, max(0, m.start() - 24), m.start())  # "the scan is in German"
            and (IN_BEFORE.search(words, max(0, m.start() - 8), m.start()) or RESULT_AFTER.match(words, m.end()))}


def _aim_translations(goals: list[GoalSpec], inputs: dict[str, InputResource], words: str, asked: set[str], persons: str | None) -> None:
    """A translation asked into no language goes into the one other language the request asks for or puts a text
    into ("put the summary into Italian", when the step was read from "the translation model"; "summarise ./a.txt in
    French"), else, when its text's language is known, into the one the person speaks, else English; one aimed at
    the language its text is already in ("the lecture is in Japanese" read as a target) goes into the one other
    language the request asks for."""
    for goal in goals:
        if goal.task != TRANSLATION:
            continue
        own = _language_of(goal.source, goals, inputs, words)
        aimed = LANGUAGE_NAMES.get((goal.language or "").lower())
        if aimed is not None and (own is None or aimed != own):
            continue
        others = (asked | _languages_into(words)) - {own}
        target = the_one(others)
        if target is None and aimed is None and own is not None:
            target = persons or "en"
        if target is not None and target != own:
            goal.language = language_name(target)


def _without_translations_into_their_own_language(goals: list[GoalSpec], inputs: dict[str, InputResource]) -> list[GoalSpec]:
    """'Read this aloud in Spanish: Buenos días a todos ...': the pasted text is in the language asked, so the
    translation into it, which no step reads, goes; the voice reads the text. Only for a pasted text whose
    language its own words show, and only beside another step that reads the same text."""
    def idle(index: int, goal: GoalSpec) -> bool:
        resource = inputs.get(goal.source) if isinstance(goal.source, str) else None
        return goal.task == TRANSLATION and resource is not None and resource.kind == "inline" and resource.id != PROMPT_ID \
            and LANGUAGE_NAMES.get((goal.language or "").lower()) == text_language(str(resource.value)) is not None \
            and not _read_by_others(index, goals) and any(other.source == goal.source for other in goals if other is not goal)

    dropped = [index for index, goal in enumerate(goals) if idle(index, goal)]
    if not dropped:
        return goals

    def moved(reference: str | int | None) -> str | int | None:
        return reference - sum(d < reference for d in dropped) if isinstance(reference, int) else reference
    return [goal.model_copy(update={"source": moved(goal.source), "uses": [moved(u) for u in goal.uses]})
            for index, goal in enumerate(goals) if index not in dropped]


def _language_of(source: str | int | None, goals: list[GoalSpec], inputs: dict[str, InputResource], words: str) -> str | None:
    """The code of the language a goal's text is in: a pasted text's own, a translation's target, a transcript's
    (or a recording's) the request says it is in, a summary's text's; a file's as the words name it ("this French
    article"); else None."""
    seen: set[int] = set()
    while isinstance(source, int) and source not in seen and 0 <= source < len(goals):
        seen.add(source)
        goal = goals[source]
        if goal.task == TRANSLATION:
            return LANGUAGE_NAMES.get((goal.language or "").lower())
        if goal.task == TRANSCRIPTION:
            return spoken_language(words)
        if goal.task not in FOLLOW_THEIR_TEXT:
            return None
        source = goal.source
    resource = inputs.get(source) if isinstance(source, str) else None
    if resource is None:
        return None
    if resource.kind == "inline":
        return text_language(str(resource.value))
    if resource.kind != "file":
        return None
    return spoken_language(words) if "audio" in resource.modalities else named_source_language(words)


def _read_by_others(index: int, goals: list[GoalSpec]) -> bool:
    return any(g.source == index or index in g.uses for g in goals)
