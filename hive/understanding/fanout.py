"""One step per input and per target language: a task asked of several inputs of its kind runs once for
each of them, a translation asked into several languages once for each language.

"Transcribe ./a.wav and ./b.wav" is two transcriptions; "how similar are ./a.txt and ./b.txt" is one
comparison reading both; "... and summarise each one" repeats the summary for every transcript, while
"... and summarise it" keeps one. Inputs count as listed together when only a comma, "and"/"or" and a
repeated preposition stand between their names ("in ./a.mp4 and in ./b.mp4"). "Translate it into Hindi
and into Tamil" is two translations, each knowing its target language.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from hive.planning.domain import ActionSchema
from hive.request import InputResource
from hive.selection.constraints import LANGUAGE_NAME
from hive.understanding.language import language_pair
from hive.understanding.parsing import SENTENCE_END, RequestText
from hive.understanding.pasted_items import EACH, asks_of_each

if TYPE_CHECKING:
    from hive.understanding.rules import Mention

LISTED_TOGETHER = re.compile(r"\s*[,;&]?\s*(?:(?:and|or|plus)\s+)?(?:(?:in|from|of|on|for|to|with)\s+)?(?:the\s+)?", re.I)
TRANSLATION = "translation"
# "into French", "in both Spanish and Mandarin", "to Hindi and to Tamil": the languages a text is wanted in
# (not "./brief.m4a in French", which says what an input is in)
TARGET_LANGUAGES = re.compile(rf"\b(?:(?<!_\s)in|into|to)\s+(?:both\s+)?{LANGUAGE_NAME}\b(?:(?:\s*,\s*|\s+(?:and|&)\s+|\s*,\s*and\s+)"
                              rf"(?:(?:in|into|to)\s+)?{LANGUAGE_NAME}\b)*", re.I)

# "both answers", "each translation", "all three captions", "both of them": what several earlier steps made
RESULTS_OF_EACH = re.compile(r"\b(?:both|each|all(?:\s+(?:two|three|four))?|every)\s+(?:of\s+(?:the|them|these|those)\s+)?"
                             r"(?:answers?|results?|translations?|summar(?:y|ies)|captions?|descriptions?|outputs?|transcripts?|"
                             r"transcriptions?|replies|reply)\b|\bboth\s+of\s+them\b", re.I)
# results read as one: "together into one note", "a memo mentioning both answers", "a note with both numbers"
JOINED = re.compile(r"\b(?:together|combin\w*|into\s+one|in\s+one|a\s+single|merg\w*)\b"
                    r"|\b(?:with|mentioning|using|from|including|containing|citing|stating|naming|covering)\s+(?:both|all)\b", re.I)
# "a French translation", "the Portuguese copy of the recap", "then english translation": the language a text is wanted in, before the text's noun
MADE_IN_LANGUAGE = re.compile(rf"\b(?:(?:an?|the|my|our|your)\s+)?(?P<language>{LANGUAGE_NAME})\s+(?:translation|copy|version|edition|rendering)s?\b", re.I)


def listed_inputs(located: RequestText, file_ids: dict[int, str], by_id: dict[str, InputResource]) -> dict[str, list[str]]:
    """Input id -> the ids of the inputs of its kind named in the same list (itself included); the texts pasted
    are one list when the person asks something of each of them."""
    groups: list[list[str]] = []
    previous_end, previous_kind = -1, None
    for start, end, _path in located.files:
        input_id = file_ids.get(start)
        kind = tuple(by_id[input_id].modalities) if input_id in by_id else None
        together = groups and kind == previous_kind and LISTED_TOGETHER.fullmatch(located.masked[previous_end:start])
        if input_id is None:
            previous_kind = None
        elif together:
            groups[-1].append(input_id)
        else:
            groups.append([input_id])
        previous_end, previous_kind = end, kind
    if asks_of_each(located.masked):  # "Review A: '...' Review B: '...' What's the sentiment of each?"
        groups.append([r.id for r in by_id.values() if r.kind == "inline" and r.modalities == ["text"]])
    return {member: group for group in groups if len(group) > 1 for member in group}


def one_step_per_input(tasks: list[Mention], located: RequestText, listed: dict[str, list[str]],
                       actions: dict[str, ActionSchema]) -> list[Mention]:
    """The mentions with a copy for every further input listed with the one a mention reads; a step that
    compares two texts reads the listed input or copy it lacks; a later step asked of "each" is copied too."""
    claimed = {m.source for m in tasks if isinstance(m.source, str)} | {u for m in tasks for u in m.uses if isinstance(u, str)}
    copies: dict[int, list[Mention]] = {}
    result: list[Mention] = []
    for index, mention in enumerate(tasks):
        action = actions.get(mention.resolved_task)
        copied = copies.get(id(mention.source), []) if mention.source is not None else []  # the source was copied
        others: list[str | Mention] = []
        if action is None:
            pass
        elif isinstance(mention.source, str) and mention.source in listed and not mention.picked_by_place:
            unread = [i for i in listed[mention.source] if i != mention.source and i not in claimed]
            claimed.update(unread)
            others = list(unread)
        elif copied and _asked_of_each(tasks, index, located):
            others = list(copied)
        elif copied and _compares(action):
            others = copied[:1]
        result.append(mention)
        if others and action is not None and _compares(action):
            # "translate both and tell me how similar they are": the other translation, not the other original
            transformed = {m.source for m in [mention.source, *copied]
                           if m is not None and not isinstance(m, str) and isinstance(m.source, str)}
            mention.uses = [others[0]] if not mention.uses or mention.uses[0] in transformed else mention.uses
        elif others:
            copies[id(mention)] = [replace(mention, source=other, uses=list(mention.uses), constraints=dict(mention.constraints))
                                   for other in others]
            result.extend(copies[id(mention)])
    return result


def one_step_per_language(tasks: list[Mention], located: RequestText) -> list[Mention]:
    """Each translation knows the language its clause asks for; one asked into several is one per language."""
    result: list[Mention] = []
    for index, mention in enumerate(tasks):
        result.append(mention)
        if mention.resolved_task != TRANSLATION:
            continue
        end = tasks[index + 1].start if index + 1 < len(tasks) else len(located.masked)
        wanted = TARGET_LANGUAGES.search(located.masked, mention.start, max(end, mention.end))
        languages = list(dict.fromkeys(re.findall(LANGUAGE_NAME, wanted.group(0), re.I) if wanted else []))
        if not languages and (made := MADE_IN_LANGUAGE.search(located.masked, _clause_start(tasks, index, located.masked), max(end, mention.end))):
            languages = [made["language"]]  # "a French translation of ./notes.txt", "a Portuguese copy of the recap"
        if not languages and (pair := language_pair(located.masked[_clause_start(tasks, index, located.masked):max(end, mention.end)])):
            languages = [pair[1]]
        languages = [language.capitalize() for language in languages]
        if languages:
            mention.language = languages[0]
            result.extend(replace(mention, language=language, uses=list(mention.uses), constraints=dict(mention.constraints))
                          for language in languages[1:])
    return result


def one_step_per_result(tasks: list[Mention], located: RequestText, actions: dict[str, ActionSchema]) -> list[Mention]:
    """A step asked of both or each of the results made before it ("... tell me what date the invitation says, and
    read both answers to me out loud", "translate it into French and Spanish and read both translations aloud") runs
    once for every earlier result of the kind it reads that no other step reads (a step of its own task is no result
    of it: a copy made for each input already reads the other one; nor is a step reading what its own text was made
    from: "names tagged in each transcript and a short summary of each transcript" summarises the transcript only)."""
    result: list[Mention] = []
    for index, mention in enumerate(tasks):
        result.append(mention)
        action = actions.get(mention.resolved_task)
        reads_a_result = mention.source is not None and not isinstance(mention.source, str)
        if action is None or not reads_a_result or _compares(action) or not _asked_of_results(tasks, index, located):
            continue
        needed = action.input_modality(action.main_input)
        read = {id(m.source) for m in tasks if m is not mention} | {id(u) for m in tasks for u in m.uses}
        others = [m for m in tasks[:index] if m is not mention.source and m.source is not mention.source and id(m) not in read
                  and m.resolved_task != mention.resolved_task
                  and (other := actions.get(m.resolved_task)) is not None and needed in other.output_modalities]
        result.extend(replace(mention, source=other, uses=list(mention.uses), constraints=dict(mention.constraints)) for other in others)
    return result


def _asked_of_results(tasks: list[Mention], index: int, located: RequestText) -> bool:
    """The mention's own clause asks it of both or each of the results before it ("both answers", "each translation"),
    not of them joined ("summarise both transcripts together into one status note"); its sentence ends the clause
    ("... translated into French. Both transcriptions should use ..." asks no more)."""
    start, end = tasks[index - 1].end if index else 0, _clause_end(tasks, index, located)
    return bool(RESULTS_OF_EACH.search(located.masked, start, end)) and not JOINED.search(located.masked, start, end)


def _clause_end(tasks: list[Mention], index: int, located: RequestText) -> int:
    """Where the clause of a task mention ends: at the next mention, or at its sentence's end before that."""
    end = tasks[index + 1].start if index + 1 < len(tasks) else len(located.masked)
    stop = SENTENCE_END.search(located.masked, tasks[index].end, end)
    return stop.start() if stop else end


def _clause_start(tasks: list[Mention], index: int, masked: str) -> int:
    """Where the clause of a task mention begins: after the mention before it and the last stop before it ("DE -> EN
    machine translation" names its pair first)."""
    previous_end = tasks[index - 1].end if index else 0
    stops = [masked.rfind(stop, 0, tasks[index].start) for stop in ".;:!?\n"]
    return max(previous_end, *(at + 1 for at in stops))


def _compares(action: ActionSchema) -> bool:
    """The task reads two inputs of the kind it reads first (sentence similarity)."""
    needed = action.input_modality(action.main_input)
    return sum(modality == needed for _param, modality in action.inputs) > 1


def _asked_of_each(tasks: list[Mention], index: int, located: RequestText) -> bool:
    """The mention's own clause, after the inputs named before it, asks for it for each of them."""
    mention = tasks[index]
    start = max([tasks[index - 1].end if index else 0] + [end for _s, end, _p in located.files if end <= mention.start])
    return bool(EACH.search(located.masked, start, _clause_end(tasks, index, located)))
