"""The rule-based understander: cue phrases + reference resolution, offline and in milliseconds.

How a request becomes goals:
1. Cue phrases (`cues.yaml`) are matched on the request with its inline values blanked out; each match
   is a *mention* of a task, either a verb ("summarise") or a noun naming its output ("a summary").
2. A definite noun ("the summary") that names the output of an earlier mention is a *reference*.
3. A question sentence with no cue in it asks for an answer; with no cue at all, a request is text generation.
4. Each mention gets a source: a noun task right after it ("entities from a summary of ..."), a
   reference or a file named in its clause, a pronoun ("it") for the previous step, "also" for the
   previous step's source; otherwise the previous step when its output fits, else a matching input.
5. Meta tasks (`answer`, `classify`) become concrete tasks from what their source holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from hive.errors import NothingToPlan
from hive.planning.domain import ActionSchema, Domain
from hive.planning.library import DomainLibrary
from hive.planning.problem import bridges_for
from hive.request import GoalSpec, InputResource, ParsedRequest
from hive.understanding.base import Understander
from hive.understanding.families import ANSWER, CLASSIFY, FAMILIES, family_of
from hive.understanding.fanout import TARGET_LANGUAGES, TRANSLATION, listed_inputs, one_step_per_input, one_step_per_language, one_step_per_result
from hive.understanding.inputs import LABELS_ID, PROMPT_ID, QUESTION_ID
from hive.selection.constraints import LANGUAGE_NAME, LANGUAGE_NAMES
from hive.selection.phrases import constraint_phrases, read_constraints
from hive.understanding.output_language import in_asked_languages
from hive.understanding.package_files import package_file
from hive.understanding.parsing import (ARROW_GLYPH, BLANK, POLITE_REQUEST, ClauseReading, RequestText, blanked, locate_values, parse_request,
                                        questions_asked)
from hive.understanding.segments import sentence_span
from hive.understanding.task_names import results_of_named_steps, spelt_out, task_name_patterns, task_named_in
from hive.yaml_data import load_yaml

if TYPE_CHECKING:
    from hive.understanding.constraint_kinds import ConstraintKindReader

QUESTION_TASKS = {"question-answering", "table-question-answering", "document-question-answering", "visual-question-answering"}
LABEL_TASKS = {"zero-shot-classification", "zero-shot-image-classification"}
LABELLING_TEXTS = {"text-classification", "zero-shot-classification"}  # their output is a label, not a text to work on
READ_TEXTS_NOT_LABELS = {"summarization", "translation", "token-classification", "text-generation", "conversational"}
# A depth map or a segmentation mask is a map of the picture, not a picture: the next step that looks for what a
# picture shows reads the picture unless the request points at the map ("estimate the depth and segment the furniture")
PICTURE_MAPS = {"depth-estimation", "image-segmentation"}
LOOKS_AT_A_PICTURE = {"depth-estimation", "image-segmentation", "object-detection", "image-classification", "image-to-text",
                      "zero-shot-image-classification"}  # a question about a picture finds its picture by `_default_for_answer`
# steps whose short text says what a picture shows: a question or a label asked of "it" or "them" after one is asked of the picture
SAYS_WHAT_A_PICTURE_SHOWS = {"object-detection", "visual-question-answering", "image-classification", "zero-shot-image-classification"}
GENERATIVE_TASKS = {"text-generation", "text-to-image", "text-to-video", "conversational", "text-to-speech"}
RIGHT_AFTER_DETERMINER = re.compile(r"\b(?:the|that|this|its|their|your|my|his|her)\s+$", re.I)
LAST_WORD = re.compile(r"([^\W\d_]+)\s+$")
DETERMINER = re.compile(r"\b(?:the|that|this|these|those|each|both|every|its|their|your|my|his|her)\s+(?:[\w-]+\s+){0,2}$", re.I)
UNNAMED_MODALITIES = ("image", "audio", "video")  # what a request may ask a step of without naming the file
# An input picked by its place among those named before ("the first one", "the second recording", "the latter")
PLACES = {"first": 0, "second": 1, "third": 2, "fourth": 3, "former": 0, "latter": -1, "last": -1}
BY_PLACE = re.compile(r"\bthe\s+(?P<place>first|second|third|fourth|former|latter|last)\b(?=\s+(?:one|file|recording|clip|photo|"
                      r"picture|image|video|audio|text|document|scan)s?\b|\s*(?:[.,;:!?]|$)|\s+(?:and|then|too|as\s+well)\b)", re.I)
SEPARATOR = re.compile(rf",|;|[.?!:](?:\s|$)|{ARROW_GLYPH}|\band\b|\bplus\b|\bas\s+well\s+as\b|\bthen\b|\bafter\b|\bnext\b|\bfinally\b", re.I)
PRONOUN = re.compile(
    r"\b(?:it|its|them|the results?|the output|the outcome|the same)\b"
    r"|\b(?:that|this)\b(?=\s*(?:[,.;:!?]|$|\s(?:into|to|as|in|and|then|back|out|aloud|for)\b))",
    re.I,
)
# the text an earlier step made, pointed at ("then from that text answer this question")
THAT_TEXT = re.compile(r"\b(?:that|those)\s+(?:texts?|words|writing)\b", re.I)
QUESTION_SENTENCE = re.compile(r"[^.?!:]*\?")
WORDS = re.compile(r"[^\W\d_]{2,}")
GREETINGS = {"hello", "hi", "hey", "thanks", "thank", "you", "ok", "okay", "bye", "good", "morning", "evening"}
PICTURE_QUESTIONS = re.compile(r"\b(?:picture|photo|image|visual)s?[- ]questions?\b", re.I)  # "a picture question-answering model"


# a translation's clause that only names another language ("Translate it into German | and into Japanese")
ANOTHER_TARGET = re.compile(rf"\b(?:in|into|to)\s+{LANGUAGE_NAME}\s*,?\s+(?:and|or|plus)\s+(?:also\s+)?(?:in|into|to)\s+{LANGUAGE_NAME}\W*$", re.I)
COORDINATED = re.compile(r"\s*,?\s*(?:and|or|plus|as well as)\s+(?:also\s+)?(?:an?|the|some|one)\s+", re.I)


@dataclass
class Mention:
    """A place in the request that asks for a task, or refers to an earlier one."""

    task: str
    start: int
    end: int
    kind: str  # "verb" | "noun"
    refers_to: "Mention | str | None" = None  # an earlier mention, or the id of an earlier turn's result
    feeds: "Mention | None" = None
    source: "str | Mention | None" = None
    resolved_task: str = ""
    uses: "list[str | Mention]" = field(default_factory=list)  # input ids, or mentions whose output it also reads
    confidence: float | None = None  # the learned detector's probability of this task (rules: None)
    readings: list[tuple[str, float]] = field(default_factory=list)  # the detector's top labels for the part
    constraints: dict = field(default_factory=dict)  # constraints the request states for this step only
    language: str | None = None  # the language its output is to be in (a translation's target)
    picked_by_place: bool = False  # reads one input picked out of a list by its place ("the second one")


def default_cues_path() -> Path:
    return package_file("cues.yaml")


class RuleUnderstander(Understander):
    """Offline understanding by cue phrases; see the module docstring for the method."""

    name = "rules"

    def __init__(self, cues_path: Path | None = None) -> None:
        data = load_yaml(Path(cues_path or default_cues_path()))
        flags = re.I
        self.verbs = {t: [re.compile(p, flags) for p in c.get("verbs") or []] for t, c in data["tasks"].items()}
        for task, named in task_name_patterns().items():  # "a question-answering model" asks for question answering
            self.verbs.setdefault(task, []).append(named)
        self.nouns = {t: [re.compile(p, flags) for p in c.get("nouns") or []] for t, c in data["tasks"].items()}
        self.refs = {t: [re.compile(p, flags) for p in c.get("refs") or []] for t, c in data["tasks"].items()}
        refs = data["references"]
        self.siblings = re.compile(refs["siblings"], flags)
        self.spoken_answer = re.compile(refs["spoken_answer"], flags)
        self.modality_nouns = {m: re.compile(p, flags) for m, p in refs["modality_nouns"].items()}
        self.document_words = re.compile(data["document_words"], flags)
        self._cache: dict[tuple[str, tuple[str, ...]], list[GoalSpec]] = {}

    # -- the three stages -------------------------------------------------------------------------

    def parse(self, query: str) -> ParsedRequest:
        parsed, located = parse_request(query, self.clause_reading)
        constraints, _spans = read_constraints(located.masked)
        parsed.constraints = {"global": constraints} if constraints else {}
        return parsed

    def select_domains(self, parsed: ParsedRequest, inputs: list[InputResource], library: DomainLibrary) -> list[str]:
        return domains_for(self._goals(parsed, inputs, library), inputs, library)

    def select_goals(self, parsed: ParsedRequest, inputs: list[InputResource], domain: Domain) -> list[GoalSpec]:
        key = (parsed.query, tuple(r.id for r in inputs))
        goals = self._cache.get(key) or self._resolve(parsed, inputs, domain.actions)
        return [g for g in goals if g.task in domain.actions]

    # -- mentions ---------------------------------------------------------------------------------

    def locate(self, query: str) -> RequestText:
        """The request as task reading sees it: inline values and the constraint phrases the vocabulary reads blanked."""
        return locate_for_tasks(query, clause_reading=self.clause_reading)

    @property
    def clause_reading(self) -> ClauseReading | None:
        """What reads clauses where parsing's patterns are blind (pasted texts' ends, loose label lists): the
        rules have none."""
        return None

    def _goals(self, parsed: ParsedRequest, inputs: list[InputResource], library: DomainLibrary) -> list[GoalSpec]:
        key = (parsed.query, tuple(r.id for r in inputs))
        if key not in self._cache:
            self._cache.clear()
            self._cache[key] = self._resolve(parsed, inputs, library.actions)
        return self._cache[key]

    def _resolve(self, parsed: ParsedRequest, inputs: list[InputResource], actions: dict[str, ActionSchema]) -> list[GoalSpec]:
        located = self.locate(parsed.query)
        earlier_results = {r.produced_by: r.id for r in reversed(inputs) if r.produced_by}  # newest wins
        mentions = self.all_mentions(located.masked, earlier_results)
        tasks = self._task_mentions(located, parsed, mentions)
        for prompt in (r for r in inputs if r.id == PROMPT_ID):
            prompt.value = parsed.instruction  # reading the tasks may have left words out of it (constraint clauses)
        mentions = [m for m in mentions if m.refers_to is not None] + _named_results(located.masked, tasks) + tasks
        _link_nouns_to_verbs(tasks, located.masked)
        resolver = _SourceResolver(self, located, inputs, tasks, mentions, parsed, actions)
        resolver.resolve_all()
        kept = [m for m in tasks if resolver.applicable(m)]
        if len(kept) < len(tasks) and _kin_read_the_inputs(tasks, resolver, inputs, actions):
            resolver = _SourceResolver(self, located, inputs, tasks, mentions, parsed, actions)
            resolver.resolve_all()
            kept = [m for m in tasks if resolver.applicable(m)]
        if len(kept) < len(tasks):
            unread = [(m, resolver.needed_modality(m)) for m in tasks if not resolver.applicable(m)]
            kept = self._without_unread(parsed, kept, unread)
            for mention in kept:
                mention.feeds = mention.feeds if mention.feeds in kept else None
            resolver = _SourceResolver(self, located, inputs, kept, mentions, parsed, actions)
            resolver.resolve_all()
        by_id = {r.id: r for r in inputs}
        kept = one_step_per_input(kept, located, resolver.listed, actions)
        kept = one_step_per_result(one_step_per_language(kept, located), located, actions)
        goals = _merge_identical(_texts_not_labels(_reuse_conversions(self._refine_goals(_to_goals(kept, set(actions)), actions, by_id), actions, by_id)))
        return in_asked_languages(goals, by_id, parsed.own_words) if TRANSLATION in actions else goals

    def _refine_goals(self, goals: list[GoalSpec], actions: dict[str, ActionSchema], inputs: dict[str, InputResource]) -> list[GoalSpec]:
        """A last look at the goals with their sources known (the rules keep them as they are)."""
        return goals

    def all_mentions(self, masked: str, earlier_results: dict[str, str]) -> list[Mention]:
        """Cue-phrase mentions, with the ones naming an earlier step's output marked as references."""
        return _mark_references(_merge_repeats(self._mentions(masked), masked), masked, earlier_results)

    def _task_mentions(self, located: RequestText, parsed: ParsedRequest, mentions: list[Mention]) -> list[Mention]:
        """The mentions that ask for a task, in request order (the ones that refer back are set apart)."""
        mentions = mentions + _question_mentions(located.masked, mentions, parsed)
        tasks = sorted((m for m in mentions if m.refers_to is None), key=lambda m: m.start)
        return tasks or _fallback(parsed)

    def _without_unread(self, parsed: ParsedRequest, kept: list[Mention], unread: list[tuple[Mention, str | None]]) -> list[Mention]:
        """The tasks to plan when some found (`unread`, with the kind of input each needs) would read a picture
        or sound the request does not have: the rules take them for false alarms ('describe the weather')."""
        return kept or _fallback(parsed)

    def _mentions(self, masked: str) -> list[Mention]:
        verbs = _non_overlapping(
            [Mention(t, m.start(), m.end(), "verb") for t, ps in self.verbs.items() for p in ps for m in p.finditer(masked)]
        )
        for verb in verbs:  # a task's word again, right after "the", names its output ("paraphrase ... the paraphrase")
            if RIGHT_AFTER_DETERMINER.search(masked, 0, verb.start) and any(v.task == verb.task and v.start < verb.start for v in verbs):
                verb.kind = "noun"
        nouns = _non_overlapping(
            [Mention(t, m.start(), m.end(), "noun") for t, ps in self.nouns.items() for p in ps for m in p.finditer(masked)]
            + [Mention(t, m.start(), m.end(), "ref") for t, ps in self.refs.items() for p in ps for m in p.finditer(masked)]
        )
        kept = list(verbs)
        for noun in nouns:
            clashing = [v for v in verbs if v.start < noun.end and noun.start < v.end]
            if not clashing:
                kept.append(noun)
            elif all(v.task != noun.task for v in clashing):
                kept.append(noun)  # nested: "read the summary aloud" holds a summary inside a read-aloud
            elif DETERMINER.search(masked[: noun.start]) and all(v.task == noun.task for v in clashing):
                kept = [k for k in kept if k not in clashing] + [noun]  # "the answer to ..." names an output
        return sorted(kept, key=lambda m: (m.start, -m.end))


def locate_for_tasks(query: str, reader: ConstraintKindReader | None = None, clause_reading: ClauseReading | None = None) -> RequestText:
    """The request with its inline values and its constraint phrases blanked: what task detection reads. With
    the learned constraint `reader`, the constraints it reads in clauses the vocabulary missed are added (a
    phrase that is its whole clause stays readable: the clause may ask for a task too). `clause_reading`: see `locate_values`."""
    located = locate_values(query, clause_reading)
    located.constraints = constraint_phrases(located.masked)
    if reader is not None:
        added, located.unread_constraints = reader.phrases(located, located.constraints)
        located.constraints = sorted(located.constraints + added, key=lambda p: (p.start, p.end))
    for phrase in located.constraints:
        if not phrase.clause:
            located.masked = blanked(located.masked, phrase.start, phrase.end)
    return located


def cue_spans(rules: RuleUnderstander, masked: str) -> list[tuple[str, int, int]]:
    """The task cue phrases in a masked request that ask for a task (not the ones referring back)."""
    return [(m.task, m.start, m.end) for m in rules._mentions(masked)
            if m.kind == "verb" or (m.kind == "noun" and not DETERMINER.search(masked[: m.start]))]


def _non_overlapping(found: list[Mention]) -> list[Mention]:
    """Longest first, then earliest: a span belongs to one cue of a kind."""
    kept: list[Mention] = []
    for mention in sorted(found, key=lambda m: (-(m.end - m.start), m.start)):
        if all(mention.end <= k.start or k.end <= mention.start for k in kept):
            kept.append(mention)
    return kept


def _mark_references(mentions: list[Mention], masked: str, earlier_results: dict[str, str]) -> list[Mention]:
    """A definite noun naming the output of an earlier mention of its task refers back to it, or
    else to the newest result of that task from an earlier turn of the conversation."""
    for mention in mentions:
        if mention.kind == "verb" or not DETERMINER.search(masked[: mention.start]):
            continue
        earlier = [m for m in mentions if m.task == mention.task and m.start < mention.start and m.refers_to is None]
        if earlier:
            mention.refers_to = earlier[-1]
        elif mention.task in earlier_results:
            mention.refers_to = earlier_results[mention.task]
    return [m for m in mentions if m.kind != "ref" or m.refers_to is not None]


def _named_results(masked: str, tasks: list[Mention]) -> list[Mention]:
    """References to a step's output named by its task's name ("summarise the OCR text"), each to the newest step of
    that task before it."""
    references = []
    for start, end, task in results_of_named_steps(masked):
        earlier = [m for m in tasks if family_of(m.task) == family_of(task) and m.start < start]
        if earlier:
            references.append(Mention(earlier[-1].task, start, end, "ref", refers_to=earlier[-1]))
    return references


def _merge_repeats(tasks: list[Mention], masked: str) -> list[Mention]:
    """'Translate X into German': two cues of one task in one clause ask for it once."""
    kept: list[Mention] = []
    for mention in tasks:
        same = [k for k in kept if k.task == mention.task and _one_clause(masked[k.end : mention.start])]
        if same:
            same[-1].end = max(same[-1].end, mention.end)
        else:
            kept.append(mention)
    return kept


def _question_mentions(masked: str, mentions: list[Mention], parsed: ParsedRequest) -> list[Mention]:
    """A question sentence that names no task asks for an answer (unless the request already asks for one)."""
    if any(m.task == ANSWER or m.task in QUESTION_TASKS for m in mentions):
        return []
    found = []
    for match in QUESTION_SENTENCE.finditer(masked):
        start, end = match.start(), match.end()
        inside = [m for m in mentions if start <= m.start < end and m.refers_to is None]
        polite = POLITE_REQUEST.search(match.group()) and any(m.refers_to is None for m in mentions)
        if not inside and not polite and len(WORDS.findall(match.group())) >= 2:
            found.append(Mention(ANSWER, start + len(match.group()) - len(match.group().lstrip()), end, "verb"))
    if not found and parsed.question and not any(m.refers_to is None for m in mentions):
        found.append(Mention(ANSWER, 0, len(masked), "verb"))
    return found


def _fallback(parsed: ParsedRequest) -> list[Mention]:
    """No cue at all: a substantive request is text generation; a greeting is nothing to plan."""
    words = [w.lower() for w in WORDS.findall(parsed.instruction)]
    if len(words) < 3 or set(words) <= GREETINGS:
        raise NothingToPlan(
            "nothing to plan: the request names no task (try e.g. 'transcribe ./a.wav', 'summarise: ...', "
            "'draw a lighthouse')"
        )
    return [Mention("text-generation", 0, len(parsed.instruction), "verb")]


def _kin_read_the_inputs(tasks: list[Mention], resolver: "_SourceResolver", inputs: list[InputResource],
                        actions: dict[str, ActionSchema]) -> bool:
    """A step read as a member of a family (classify, answer) that needs a picture or sound the request does not
    give, while it gives an input another member reads ("what emotion is in this tweet? tweet: '...'"), becomes
    the family's meta task, made concrete by what it reads; whether any did."""
    given = {m for r in inputs if r.kind != "unnamed" and not r.produced_by and r.id not in (PROMPT_ID, QUESTION_ID, LABELS_ID)
             for m in r.modalities}
    changed = False
    for mention in tasks:
        family = family_of(mention.task)
        if resolver.applicable(mention) or family == mention.task:
            continue
        if any(actions[kin].input_modality(actions[kin].main_input) in given for kin in FAMILIES[family] if kin in actions):
            mention.task, changed = family, True
    return changed


def _link_nouns_to_verbs(tasks: list[Mention], masked: str) -> None:
    """'entities from a summary of X': a task noun right after a verb (same clause, same line, no input named
    between them: "emotion recognition on ./calls.wav plus transcription" reads the recording) is that verb's input."""
    for verb, noun in zip(tasks, tasks[1:]):
        gap = masked[verb.end : noun.start]
        if noun.kind == "noun" and _one_clause(gap) and BLANK * 3 not in gap:
            verb.feeds = noun


def _one_clause(gap: str) -> bool:
    """Whether the words between two mentions leave them in one clause: no separator, no line break (a table's rows,
    a list's items)."""
    return not SEPARATOR.search(gap) and "\n" not in gap


OTHER_READING = 0.1  # a reading of a mention's words the step may still take, once its source is known


class _SourceResolver:
    """Decides what each mention processes, in the order the request mentions them."""

    def __init__(self, rules: RuleUnderstander, located: RequestText, inputs: list[InputResource],
                 tasks: list[Mention], mentions: list[Mention], parsed: ParsedRequest,
                 actions: dict[str, ActionSchema]) -> None:
        self.rules, self.located, self.tasks, self.parsed, self.actions = rules, located, tasks, parsed, actions
        self.references = [m for m in mentions if m.refers_to is not None]
        self.inputs = [r for r in inputs if r.id not in (PROMPT_ID, LABELS_ID)]
        self.by_id = {r.id: r for r in inputs}

    @cached_property
    def file_ids(self) -> dict[int, str]:
        """Start offset of each file path -> its input id."""
        ids = [r.id for r in self.inputs if r.kind != "inline"]
        return {start: ids[i] for i, (start, _e, _p) in enumerate(self.located.files) if i < len(ids)}

    def resolve_all(self) -> None:
        for mention in self.tasks:
            self.resolve(mention)

    def resolve(self, mention: Mention) -> None:
        index = self.tasks.index(mention)
        masked = self.located.masked
        start = self.tasks[index - 1].end if index else 0
        end = self.tasks[index + 1].start if index + 1 < len(self.tasks) else len(masked)
        before = masked[start : mention.start]
        near_before = SEPARATOR.split(before)[-1]
        after = SEPARATOR.search(masked, mention.end, end)
        region = (mention.start - len(near_before), after.start() if after else end)
        own_text = (0 if index == 0 else mention.start, region[1])
        previous = self._previous(mention)
        sibling = previous is not None and self._sibling(before, mention)
        source = (
            mention.feeds
            or self._reference_in(region, mention, previous if sibling else None)
            or self._picked_by_place(region, mention)
            or (previous if previous is not None and THAT_TEXT.search(masked, *region) and "text" in self._outputs(previous) else None)
            or self._file_of(mention, own_text, region[1])
            or self._unread_file_before(region[0], mention)
            or (previous.source if previous and (sibling or self._coordinated(previous, mention) or self._another_target(previous, mention)) else None)
            or (self._pronoun_target(previous, mention) if PRONOUN.search(masked, *region) else None)
            or self._default(mention, previous)
        )
        mention.source = source
        mention.resolved_task = self._concrete_task(mention)
        mention.uses = self._uses(mention)

    def applicable(self, mention: Mention) -> bool:
        """A cue whose task would read a picture or sound conjured from the request text is a false alarm
        ('describe the weather' has no image to describe)."""
        needed = self.needed_modality(mention)
        return not (mention.source == PROMPT_ID and needed not in (None, "text"))

    # -- candidates -------------------------------------------------------------------------------

    def _previous(self, mention: Mention) -> Mention | None:
        """The latest earlier mention that does not itself consume this one."""
        earlier = [m for m in self.tasks if m.start < mention.start and m.feeds is not mention]
        return earlier[-1] if earlier else None

    def _sibling(self, before: str, mention: Mention) -> bool:
        """'..., also/separately pull out the names': a step said to be another one on what the previous step read
        (the word before the mention, or among the first words of a mention that spans its clause)."""
        opening = " ".join(self.located.masked[mention.start:mention.end].split()[:3])
        return bool(self.rules.siblings.search(before) or self.rules.siblings.search(opening))

    def _another_target(self, previous: Mention, mention: Mention) -> bool:
        """'Translate it into German and into Japanese': a second translation, into another language, of what the
        first one read."""
        return previous.task == mention.task == TRANSLATION and bool(ANOTHER_TARGET.search(self.located.masked, previous.start, mention.end))

    def _coordinated(self, previous: Mention, mention: Mention) -> bool:
        """'make an image and a video of a fox': a second object of the same verb, which cannot read the
        first's output, reads what the first reads."""
        joined = COORDINATED.match(self.located.masked, previous.end)
        return joined is not None and joined.end() >= mention.start and self.needed_modality(mention) not in self._outputs(previous)

    def _reference_in(self, region: tuple[int, int], mention: Mention, sibling_of: Mention | None = None) -> str | Mention | None:
        """The output a region's words refer to: a step's named output ("the transcript"), or the newest output of the
        kind a noun names ("the image"); but a step said to be another one on what `sibling_of` read ("estimate the
        depth of ./a.jpg and also segment the image") reads that, when it is of the noun's kind."""
        for ref in self.references:
            if region[0] <= ref.start < region[1] and ref.refers_to is not mention and any(ref.refers_to is m for m in self.tasks):
                return self._translation_named(ref) or ref.refers_to
        for modality, pattern in self.rules.modality_nouns.items():
            match = pattern.search(self.located.masked, region[0], region[1])
            if match and sibling_of is not None and modality in self._source_modalities(sibling_of):
                return sibling_of.source
            if match:
                producers = [
                    m for m in self.tasks if m.start < mention.start and m.feeds is not mention and modality in self._outputs(m)
                ]
                if producers:
                    return producers[-1]
                earlier = [r.id for r in self.inputs if r.produced_by and modality in r.modalities]
                if earlier:
                    return earlier[0]  # the newest result of an earlier turn
        return None

    def _translation_named(self, ref: Mention) -> Mention | None:
        """'the Italian summary' of a summary translated into Italian ('translate it into Italian, then read the
        Italian summary aloud'): the translation."""
        masked = self.located.masked
        word = LAST_WORD.search(masked, 0, ref.start)
        name = word.group(1).lower() if word and word.group(1).lower() in LANGUAGE_NAMES else None
        for m in self.tasks:
            target = TARGET_LANGUAGES.search(masked, m.start, ref.start) if name and m.task == TRANSLATION else None
            if target and m.source is ref.refers_to and name in target.group().lower().split():
                return m
        return None

    def _file_in(self, region: tuple[int, int]) -> str | None:
        for start, input_id in sorted(self.file_ids.items()):
            if region[0] <= start < region[1]:
                return input_id
        return None

    def _file_of(self, mention: Mention, own_text: tuple[int, int], end: int) -> str | None:
        """The first file of the mention's text; but one its own words name rather than one an earlier sentence only
        listed with others of its kind ("I have two recordings, morning.wav and evening.wav. Transcribe morning.wav.")."""
        first = self._file_in(own_text)
        named = self._file_in((mention.start, end))
        return named if named is not None and first in self.listed else first

    @cached_property
    def listed(self) -> dict[str, list[str]]:
        """Input id -> the inputs of its kind named in the same list (`fanout.listed_inputs`)."""
        return listed_inputs(self.located, self.file_ids, self.by_id)

    def _picked_by_place(self, region: tuple[int, int], mention: Mention) -> str | None:
        """The input of the kind the mention reads that its words pick by its place among those named before them
        ("I have two recordings, morning.wav and evening.wav. Transcribe the first one and classify the sounds in the
        second"); the same file named twice counts once. The mention is marked, so no copy of it reads the others."""
        place = BY_PLACE.search(self.located.masked, *region)
        needed = self.needed_modality(mention)
        if place is None or needed is None:
            return None
        named: dict[str, str] = {}  # path -> the input id of its first naming
        for start, input_id in sorted(self.file_ids.items()):
            resource = self.by_id.get(input_id)
            if start < place.start() and resource is not None and needed in resource.modalities:
                named.setdefault(str(resource.value), input_id)
        ordered = list(named.values())
        index = PLACES[place["place"].lower()]
        if len(ordered) < 2 or index >= len(ordered):
            return None
        mention.picked_by_place = True
        return ordered[index]

    def _unread_file_before(self, start: int, mention: Mention) -> str | None:
        """A file between the last separator and the mention that no earlier step reads: the object of a verb said
        once ("translate ./a.txt into German and ./b.txt into French")."""
        read = {m.source for m in self.tasks if m.start < mention.start and isinstance(m.source, str)}
        file = self._file_in((start, mention.start))
        return file if file not in read else None

    def _pronoun_target(self, previous: Mention | None, mention: Mention) -> str | Mention | None:
        """'it' is the previous step's output, or what that step read when only that fits ('its depth')."""
        if previous is not None:
            needed, made = self.needed_modality(mention), self._outputs(previous)
            if needed and needed not in made and needed in self._source_modalities(previous):
                return previous.source
            named = self._newest_file_of(needed, mention.start) if needed and needed not in made else None
            if named is not None and not self._read_otherwise(mention, made):
                return named  # "..., for ./ep88.wav, transcribe it": the recording, not an answer asked before it
            if mention.task in (ANSWER, CLASSIFY) and previous.resolved_task in SAYS_WHAT_A_PICTURE_SHOWS \
                    and "image" in self._source_modalities(previous):
                return previous.source  # "how many animals are in it, are any of them juveniles": still the picture
            return previous
        files = sorted(self.file_ids.items())
        if files:
            return files[-1][1]
        earlier = [r.id for r in self.inputs if r.produced_by]
        return earlier[0] if earlier else None

    def _read_otherwise(self, mention: Mention, modalities: list[str]) -> bool:
        """The detector read the mention's words as another task, one that reads these modalities, nearly as surely
        ("and make it gentler" after a note is written: a rewrite of the note, not an edit of the photo before it)."""
        return any(task != mention.task and probability >= OTHER_READING and self._input_modality(task) in modalities
                   for task, probability in mention.readings)

    def _newest_file_of(self, modality: str, before: int) -> str | None:
        """The input id of the last file of that kind named before an offset."""
        named = [input_id for start, input_id in sorted(self.file_ids.items())
                 if start < before and input_id in self.by_id and modality in self.by_id[input_id].modalities]
        return named[-1] if named else None

    def _default(self, mention: Mention, previous: Mention | None) -> str | Mention | None:
        if mention.task == ANSWER:
            return self._default_for_answer(previous)
        if mention.task == CLASSIFY:
            return previous if previous is not None else self._first_input(("text", "image", "audio"))
        needed = self.needed_modality(mention)
        mapped = previous is not None and previous.resolved_task in PICTURE_MAPS and mention.task in LOOKS_AT_A_PICTURE
        if previous is not None and needed in self._outputs(previous) and not mapped:
            return previous
        asks_for_text = mention.task in GENERATIVE_TASKS
        for resource in self.inputs:
            if needed in resource.modalities and (asks_for_text or "question" not in resource.modalities):
                return resource.id
        fitting = [m for m in self.tasks if m.start < mention.start and m.feeds is not mention and needed in self._outputs(m)]
        if fitting:  # "(1) a tagline, (2) a hero image of it, (3) the tagline as a voiceover": the newest step that fits
            return fitting[-1]
        if needed in UNNAMED_MODALITIES:
            return PROMPT_ID  # a picture, sound or video the request does not name (never conjured from text)
        if previous is not None:
            return previous
        return self._first_input(("audio", "image", "video", "table")) or PROMPT_ID

    def _default_for_answer(self, previous: Mention | None) -> str | Mention | None:
        """An answer reads a picture or table if there is one, else the previous text, a context, the question."""
        return (
            self._first_input(("image", "table"))
            or (previous if previous is not None and "text" in self._outputs(previous) else None)
            or self._first_input(("text",))
            or (QUESTION_ID if QUESTION_ID in self.by_id else PROMPT_ID)
        )

    def _first_input(self, modalities: tuple[str, ...]) -> str | None:
        """The request's own first input of these modalities (earlier turns' results only when referred to; an
        input the request does not name only for a step that needs its kind)."""
        for modality in modalities:
            for resource in self.inputs:
                if modality in resource.modalities and "question" not in resource.modalities and not resource.produced_by \
                        and resource.kind != "unnamed":
                    return resource.id
        return None

    # -- modalities and meta tasks -----------------------------------------------------------------

    def needed_modality(self, mention: Mention) -> str | None:
        return self._input_modality(mention.task)

    def _input_modality(self, task: str) -> str | None:
        """The modality a task's main input has (None for a task the domains lack)."""
        action = self.actions.get(task)
        return action.input_modality(action.main_input) if action else None

    def _outputs(self, mention: Mention) -> list[str]:
        action = self.actions.get(mention.resolved_task or mention.task)
        return action.output_modalities if action else ["text"]

    def _source_modalities(self, mention: Mention) -> list[str]:
        source = mention.source
        if isinstance(source, Mention):
            return self._outputs(source)
        if isinstance(source, str) and source in self.by_id:
            return list(self.by_id[source].modalities)
        return []

    def _concrete_task(self, mention: Mention) -> str:
        modalities = self._source_modalities(mention)
        if mention.task == ANSWER:
            if "image" in modalities:
                source = self.by_id.get(mention.source) if isinstance(mention.source, str) else None
                named = re.sub(r"[_\W]+", " ", str(source.value)) if source is not None and source.kind != "inline" else ""
                document = self._said_of_a_document(mention, source) or self.rules.document_words.search(named)
                pictured = PICTURE_QUESTIONS.search(self.located.masked)  # "which picture question-answering model ..."
                return "document-question-answering" if document and not pictured else "visual-question-answering"
            if "table" in modalities:
                return "table-question-answering"
            named = task_named_in(spelt_out(self.located.masked[mention.start:mention.end])) == "question-answering"
            if ("question" in modalities or mention.source == PROMPT_ID) and not named:
                return "text-generation"
            return "question-answering"  # answered from a text: a file, a pasted context, an earlier step's output
        if mention.task == CLASSIFY:
            if "image" in modalities:
                return "zero-shot-image-classification" if self.parsed.categories else "image-classification"
            if "audio" in modalities:
                return "audio-classification"
            return "zero-shot-classification" if self.parsed.categories else "text-classification"
        return mention.task

    def _said_of_a_document(self, mention: Mention, source: InputResource | None) -> bool:
        """Whether the question's sentence, or the sentence naming its image, speaks of a document ("the invoice
        total", "the scanned form ./f.png"); another sentence's document is another input's ("In cam.jpg, is the
        door open? And from the form scan ./f.pdf, when is it due?")."""
        masked = self.located.masked
        sentences = [sentence_span(masked, mention.start)]
        if source is not None:
            sentences += [sentence_span(masked, start) for start, named in self.file_ids.items() if named == source.id]
        return any(self.rules.document_words.search(masked, start, end) for start, end in sentences)

    def _uses(self, mention: Mention) -> list[str]:
        source = mention.source if isinstance(mention.source, str) else None
        uses = secondary_inputs(mention.resolved_task, source, self.by_id)
        return [self._question_asked(mention) if used == QUESTION_ID else used for used in uses]

    @cached_property
    def _questions(self) -> list[tuple[int, int, str]]:
        """The question sentences of the request, with their spans (read once per resolver)."""
        return questions_asked(self.located)

    def _question_asked(self, mention: Mention) -> str:
        """The question an answering step answers: the one question sentence its words overlap, when the request
        asks several ("Which month had the highest energy bill? What was the total transport spend?"), else the
        request's question."""
        by_text = {r.value: r.id for r in self.inputs if "question" in r.modalities and r.id != PROMPT_ID}
        overlapped = [text for start, end, text in self._questions if start < mention.end and mention.start < end]
        return by_text.get(overlapped[0], QUESTION_ID) if len(overlapped) == 1 else QUESTION_ID


def domains_for(goals: list[GoalSpec], inputs: list[InputResource], library: DomainLibrary) -> list[str]:
    """The library domains that offer the goals' tasks and the conversions that reach them."""
    by_id = {r.id: r for r in inputs}
    names: list[str] = []
    for goal in goals:
        bridges, _length = bridges_for(library.merged, goal, goals, by_id)
        for task in [goal.task, *sorted(bridges)]:
            names += [d for d in library.domains_of(task) if d not in names]
    return names


def secondary_inputs(task: str, source: str | None, inputs: dict[str, InputResource]) -> list[str]:
    """The inputs a task reads besides its source: the question, the candidate labels, a second text, an instruction."""
    if task in QUESTION_TASKS and source != QUESTION_ID:
        return [QUESTION_ID if QUESTION_ID in inputs else PROMPT_ID]
    if task in LABEL_TASKS and LABELS_ID in inputs:
        return [LABELS_ID]
    if task == "sentence-similarity":
        texts = [r.id for r in inputs.values() if r.kind == "inline" and r.modalities == ["text"] and r.id != source]
        return texts[:1]
    if task == "image-editing":
        return [PROMPT_ID]
    return []


def _to_goals(tasks: list[Mention], known_tasks: set[str]) -> list[GoalSpec]:
    """Mentions -> goals, with identical goals merged and meta sources made concrete."""
    for mention in tasks:
        if mention.task == ANSWER and isinstance(mention.source, str) and mention.source == QUESTION_ID:
            mention.uses = []
    kept: list[Mention] = []
    replaced: dict[int, Mention] = {}
    for mention in tasks:
        twin = next((k for k in kept if _same_goal(k, mention, replaced)), None)
        if twin is not None:
            replaced[id(mention)] = twin
            if twin.source is mention:  # "the QA model ... to answer X from abstract.txt": one step, reading the text
                twin.source, twin.uses = mention.source, list(mention.uses)
            for key, value in mention.constraints.items():  # "the transcriber should ..." restates a step: keep what it adds
                twin.constraints.setdefault(key, value)
        else:
            kept.append(mention)

    def goal_of(ref: str | Mention | None, seen: frozenset[int] = frozenset()) -> str | int | None:
        while isinstance(ref, Mention) and id(ref) in replaced:
            ref = replaced[id(ref)]
        if not isinstance(ref, Mention):
            return ref
        if ref in kept:
            return kept.index(ref)
        return _unkept_reference(ref, seen | {id(ref)})

    def _unkept_reference(ref: Mention, seen: frozenset[int]) -> str | int | None:
        """A reference to a step that was not kept ("translate your answer" where no answer step was read)
        reads what that step would have read, else the last kept step before it: never left to the planner."""
        for onward in (ref.refers_to, ref.source):
            if onward is not None and id(onward) not in seen:
                found = goal_of(onward, seen)
                if found is not None:
                    return found
        earlier = [k for k in kept if k.start < ref.start]
        return kept.index(earlier[-1]) if earlier else None

    goals = []
    for index, mention in enumerate(kept):
        uses = [used for used in map(goal_of, mention.uses) if used is not None and used != index]
        source = goal_of(mention.source)
        if source == index:  # the stand-in for a mention it read that was not kept is itself: left to the planner
            source = None
        goals.append(GoalSpec(task=mention.resolved_task, source=source, uses=uses,
                              confidence=mention.confidence, readings=dict(mention.readings), constraints=mention.constraints,
                              language=mention.language))
    unknown = [g.task for g in goals if g.task not in known_tasks]
    if unknown:
        raise NothingToPlan(f"the request asks for {', '.join(unknown)}, which no domain in the library offers")
    return goals


def _texts_not_labels(goals: list[GoalSpec]) -> list[GoalSpec]:
    """A summary, a translation or a list of entities "of it" after a text was labelled is of the text, not of
    its label ("Is it positive or negative? And give me a one-line summary of it" had summarised 'POSITIVE')."""
    for goal in goals:
        if goal.task in READ_TEXTS_NOT_LABELS and isinstance(goal.source, int) and 0 <= goal.source < len(goals) \
                and goals[goal.source].task in LABELLING_TEXTS:
            goal.source = goals[goal.source].source
    return goals


def _reuse_conversions(goals: list[GoalSpec], actions: dict[str, ActionSchema], inputs: dict[str, InputResource]) -> list[GoalSpec]:
    """A goal that reads an input of the wrong kind reads another goal's conversion of that input instead
    ("list the people mentioned in ./a.wav, and transcribe it": the entities come from the transcript)."""
    for goal in goals:
        action = actions.get(goal.task)
        resource = inputs.get(goal.source) if isinstance(goal.source, str) else None
        if action is None or resource is None:
            continue
        needed = action.input_modality(action.main_input)
        if needed in resource.modalities:
            continue
        for index, other in enumerate(goals):
            converter = actions.get(other.task)
            if other is not goal and other.source == goal.source and converter is not None and converter.bridge \
                    and needed in converter.output_modalities:
                goal.source = index
                break
    return goals


def _merge_identical(goals: list[GoalSpec]) -> list[GoalSpec]:
    """Goals that came out the same once their sources were settled (a context clause read as translation
    and 'translate it' both reading the transcript) are one step: the first, with what the others add."""
    representative = list(range(len(goals)))
    changed = True
    while changed:  # merging two goals can make the goals that read them identical too
        changed, seen = False, {}
        for position, goal in enumerate(goals):
            read = tuple(representative[r] if isinstance(r, int) else r for r in [goal.source, *goal.uses])
            first = seen.setdefault((goal.task, goal.language, read), representative[position])
            if first != representative[position]:
                representative[position], changed = first, True
    kept = [position for position in range(len(goals)) if representative[position] == position]
    new_index = {old: new for new, old in enumerate(kept)}
    merged = []
    for position in kept:
        goal = goals[position]
        source, *uses = (new_index[representative[r]] if isinstance(r, int) else r for r in [goal.source, *goal.uses])
        constraints = dict(goal.constraints)
        for other, twin in enumerate(representative):
            if twin == position and other != position:
                for key, value in goals[other].constraints.items():
                    constraints.setdefault(key, value)
        merged.append(goal.model_copy(update={"source": source, "uses": uses, "constraints": constraints}))
    return merged


def _same_goal(a: Mention, b: Mention, replaced: dict[int, Mention]) -> bool:
    def canonical(source):
        while isinstance(source, Mention) and id(source) in replaced:
            source = replaced[id(source)]
        return id(source) if isinstance(source, Mention) else source

    if a.resolved_task != b.resolved_task or a.language != b.language:
        return False
    if a.source is b:
        return True  # a mention reading a later one of its own task ("the QA model ... to answer X") is that step
    return canonical(a.source) == canonical(b.source) and a.uses == b.uses
