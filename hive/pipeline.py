"""The planning pipeline: understand -> merge domains -> reconstruct the problem -> plan -> DAG, timed per stage."""

from __future__ import annotations

import contextlib
import re
import time
from typing import Iterator

from hive.contracts import Constraints, ConstraintSet, Direction, Explanation, PlanResult, TaskStep
from hive.errors import HiveError, InputNotGiven, NoPlanError
from hive.planning.dag import plan_to_steps
from hive.planning.engines import DEFAULT_ENGINE, get_engine
from hive.planning.library import DomainLibrary, load_library, merge_domains
from hive.planning.pddl_text import domain_pddl, problem_pddl
from hive.planning.problem import build_problem
from hive.planning.validate import check_plan
from hive.kg.access import open_graph
from hive.request import GoalSpec, InputResource
from hive.selection.constraints import language_code, language_name
from hive.selection.purposes import purpose_asked
from hive.selection.select import Preference, Selector
from hive.understanding.base import UNCERTAIN, Understander
from hive.understanding.benchmark_evidence import confirmed_benchmarks, names_a_benchmark, tasks_their_benchmarks_name
from hive.understanding.config_request import config_as_lines
from hive.understanding.inputs import resources_from_request, unnamed_input, written_file_names
from hive.understanding.spelling import mended_limit_words
from hive.understanding.language import (REQUEST_LANGUAGE, file_name_language, file_text_language, named_source_language,
                                         spoken_language, text_language, the_one)
from hive.understanding.written_text import wants_written_text

# Terminal escape sequences (colours, cursor moves) and other control characters but tab and newline: pasted
# from a terminal they would be read as words ("\x1b[31m" as a 31M cap) and printed back to the user's terminal.
ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b.?")
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# Steps whose text is in the language of the text they read: a summary of a French article is French
WRITE_AS_THEY_READ = {"summarization", "text-generation", "text2text-generation"}
# steps that read a text in some language, whose model should know it when one can ("smallest" had given an English
# text a French summariser)
READ_IN_A_LANGUAGE = {"summarization", "text-classification", "token-classification", "question-answering",
                      "zero-shot-classification", "sentence-similarity"}
MAX_REQUEST_CHARS = 200_000  # about 30,000 words pasted; understanding time grows linearly, ~5 s at the limit
MAX_STEPS = 12  # 12 steps plan in under 1 s on 2 cores; 18 took 4-8 s and 24 over a minute


class Planner:
    """Turns requests into plans with one understander, one engine and one domain library."""

    def __init__(self, understander: Understander | None = None, engine: str = DEFAULT_ENGINE,
                 library: DomainLibrary | None = None, constraints: ConstraintSet | None = None,
                 kg: str | None = None, select_models: bool = True) -> None:
        if understander is None:
            from hive.understanding.learned import LearnedUnderstander

            understander = LearnedUnderstander()
        self.understander = understander
        self.engine_name = engine
        self.engine = get_engine(engine)
        self.library = library or load_library()
        self.constraints = constraints or ConstraintSet()
        self.kg_location = kg
        self.select_models = select_models
        self._selector: Selector | None = None

    @property
    def selector(self) -> Selector:
        """The model selector, opened on first use (loading the graph takes a moment)."""
        if self._selector is None:
            self._selector = Selector(open_graph(self.kg_location))
        return self._selector

    def warm_up(self) -> None:
        """Load now what a first request would wait for: the understander's (`Understander.warm_up`), the graph and
        its licences. Nothing is planned or selected, so no answer is cached."""
        self.understander.warm_up()
        if self.select_models:
            _ = self.selector.indexed, self.selector.vocabulary.licences

    def plan(self, query: str, request_id: str | None = None, constraints: ConstraintSet | None = None,
             context: list[InputResource] | None = None, explain: bool = False) -> PlanResult:
        """Plan one request; `constraints` add to the planner's own (a batch line's, say); `context` are
        resources from earlier turns of a conversation, newest first; with `explain`, model selection also
        names each rejected candidate's failing constraint. User mistakes raise `HiveError`."""
        query, removed = without_control_characters(query or "")
        if len(query) > MAX_REQUEST_CHARS:
            raise HiveError(f"the request is {len(query):,} characters, over the limit of {MAX_REQUEST_CHARS:,}: put a long text "
                            "in a file and name the file in the request (e.g. 'summarise ./report.txt')")
        query, dictated = written_file_names(query)
        query, configured = config_as_lines(query)
        dictated = configured + dictated
        query, misspelt = mended_limit_words(query)
        dictated += misspelt
        if not query.strip():
            raise HiveError("the request is empty: say what you want done, e.g. 'transcribe ./a.wav'")
        try:
            query.encode("utf-8")
        except UnicodeEncodeError as exc:  # bytes a terminal or file passed on undecoded
            raise HiveError(f"the request is not UTF-8 text (characters {exc.start}-{exc.end}): "
                            "write it in UTF-8 or leave those bytes out") from exc
        result = PlanResult(id=request_id, query=query, engine=self.engine_name, understander=self.understander.name)
        timings = result.timings_ms
        with _timed(timings, "understand"):
            parsed = self.understander.parse(query)
            inputs, result.warnings = resources_from_request(parsed)
            removed_note = [f"{removed} control characters (terminal escape codes and the like) were left out of the request"] if removed else []
            result.warnings = removed_note + dictated + result.warnings
            inputs = inputs[:-1] + list(context or []) + inputs[-1:]  # the request's own, earlier turns', the prompt
            result.parsed = parsed
            try:
                result.domains = self.understander.select_domains(parsed, inputs, self.library)
            except InputNotGiven as unnamed:  # "caption a photo with an MIT model": plan on an input named at run time
                inputs[-1:-1] = [unnamed_input(modality) for modality in unnamed.modalities]
                result.warnings.append(f"{unnamed}; the plan reads it as {', '.join(f'unnamed_{m}' for m in unnamed.modalities)}")
                result.domains = self.understander.select_domains(parsed, inputs, self.library)
        with _timed(timings, "merge"):
            domain = merge_domains(self.library.get(result.domains))
        with _timed(timings, "understand"):
            goals = self.understander.select_goals(parsed, inputs, domain)
            goals, parsed.constraints = confirmed_benchmarks(goals, parsed.constraints, self.library.merged,
                                                             self.selector.vocabulary if self.select_models else None)
            if self.select_models and names_a_benchmark(goals, parsed.constraints):
                goals = tasks_their_benchmarks_name(goals, parsed.constraints, self.library.merged, self.selector.vocabulary)
                joining = [name for goal in goals if goal.task not in domain.actions for name in self.library.domains_of(goal.task)[:1]]
                if joining:  # a step became a task of a domain not picked
                    result.domains += [name for name in dict.fromkeys(joining) if name not in result.domains]
                    domain = merge_domains(self.library.get(result.domains))
        with _timed(timings, "problem"):
            problem = build_problem(domain, inputs, goals)
        if problem.step_slots > MAX_STEPS:
            raise HiveError(f"the request needs up to {problem.step_slots} steps ({len(goals)} asked for, the rest conversions); "
                            f"HIVE plans at most {MAX_STEPS} per request, as search time grows fast with more: split it, "
                            "one line per request in 'hive batch'")
        with _timed(timings, "plan"):
            try:
                planned = self.engine(domain, problem)
            except NoPlanError as exc:
                raise NoPlanError(f"no plan reaches every requested task ({', '.join(g.task for g in goals)}): {exc}") from exc
            check_plan(domain, problem, planned.steps)
        with _timed(timings, "dag"):
            result.tasks = plan_to_steps(domain, problem, planned.steps)
        result.warnings += uncertain_steps(result.tasks, goals)
        result.warnings += [f"constraint not applied: {clause} reads as a constraint, but HIVE found no value it knows in it; "
                            "state it with a flag (--licence, --max-params, --best-on, ...) or in the words of docs/constraints.md"
                            for clause in parsed.unread_constraints]
        result.warnings += [f"constraint not applied: {words} is said as a wish, and HIVE applies only what is required; "
                            "say it without the hedge (or give it as a flag) to apply it" for words in parsed.wished_constraints]
        # a step the request did not ask for, named by a constraint, that the planner added as a conversion
        placed = {name: step.pipeline_tag for step in result.tasks for name in (step.task, step.pipeline_tag) if name in parsed.unplaced_scoped}
        added = {tag: parsed.unplaced_scoped[name] for name, tag in placed.items()}
        result.warnings += [f"constraint not applied: {clause} names a step the plan does not have; name a step it has, or "
                            "leave the step's name out to apply it to every step" for clause in parsed.unplaced_constraints
                            if not any(clause.endswith(f" ({name})") for name in placed)]
        effective = self.constraints.merged_with(constraints or ConstraintSet())
        stated = dict(parsed.constraints)
        scoped = {domain.actions[g.task].pipeline_tag: g.constraints for g in goals if g.constraints and g.task in domain.actions}
        scoped |= {tag: wanted for tag, wanted in added.items() if tag not in scoped}
        if scoped:
            stated["per_task"] = scoped
        parsed.constraints = stated  # what the words said, per step too (the plan JSON's `parsed`)
        effective = effective.merged_with(ConstraintSet.parse(stated, "the request's constraints"))
        result.constraints = effective.to_dict()
        rejected: dict[str, dict[str, str]] = {}
        if self.select_models:
            with _timed(timings, "select"):
                words = parsed.instruction or query
                needs = [_needs(step, result.tasks, words) for step in result.tasks]
                preferred = _preferences(words, result.tasks)
                rejected, unmet = self._select(result.tasks, needs, effective.merged_with(_image_reading(query, result.tasks)), explain, preferred)
                result.warnings += unmet
        usage = getattr(self.understander, "usage", None)
        if usage:
            result.llm_usage = {stage: vars(u) for stage, u in usage.items()}
            fallback = getattr(self.understander, "fallback_reading", "the rules")
            result.warnings += [f"LLM {stage} stage fell back to {fallback}: {u.errors[-1] if u.errors else 'no valid answer'}"
                                for stage, u in usage.items() if u.fallback]
        result.explanation = Explanation(
            domain_pddl=domain_pddl(domain),
            problem_pddl=problem_pddl(problem, domain),
            planner_log=planned.log,
            inputs=inputs,
            goals=goals,
            rejected=rejected,
        )
        return result

    def _select(self, steps: list[TaskStep], needs: list[Constraints], constraints: ConstraintSet, explain: bool,
                preferred: dict[str, list[Preference]]) -> tuple[dict[str, dict[str, str]], list[str]]:
        """Each step's model, under the request's constraints and what the step itself `needs`; returns each task's
        rejected candidates (with `explain`) and a warning per step whose preference no admissible model meets."""
        selections = self.selector.select_for_steps([(s.pipeline_tag, n) for s, n in zip(steps, needs)], constraints, explain, preferred)
        unmet = []
        for step, chosen in zip(steps, selections):
            step.model, step.why, step.unsatisfiable = chosen.model, chosen.why, chosen.unsatisfiable
            step.alternatives = [a.model_dump(exclude_none=True) for a in chosen.alternatives]
            if chosen.unmet_preference:
                step.why += f"; {chosen.unmet_preference}"
                unmet.append(f"step {step.id} ({step.pipeline_tag}): {chosen.unmet_preference}, so {step.model} may not do what "
                             "is asked; name a model (or a model language) to require one")
        return {step.pipeline_tag: selection.rejected for step, selection in zip(steps, selections) if explain}, unmet

    def plan_or_error(self, query: str, request_id: str | None = None, constraints: ConstraintSet | None = None) -> PlanResult:
        """Like `plan`, but a user mistake becomes the result's `error` (for batch jobs)."""
        try:
            return self.plan(query, request_id, constraints)
        except HiveError as exc:
            return PlanResult(id=request_id, query=query or "", engine=self.engine_name,
                              understander=self.understander.name, error=str(exc))


def without_control_characters(query: str) -> tuple[str, int]:
    """The request with line ends made plain and control characters left out, and how many were left out."""
    plain = query.replace("\r\n", "\n").replace("\r", "\n")
    cleaned = CONTROL.sub("", ESCAPE_SEQUENCE.sub("", plain))
    return cleaned, len(plain) - len(cleaned)


def _preferences(words: str, steps: list[TaskStep]) -> dict[str, list[Preference]]:
    """What steps' models should have when one can: the recogniser's language, the one the request says its
    recording is in; a voice's, the one its text was translated into or a pasted text is in (when every voice
    reads one language); a text reader's (a summariser, a classifier, a tagger, a question answerer), the one its
    text is in, taken as the request's when nothing tells; a classifier's purpose, what the words ask its labels to
    be about ("is it positive or negative": a sentiment model)."""
    preferred: dict[str, list[Preference]] = {}
    spoken = spoken_language(words)
    if spoken:
        preferred["automatic-speech-recognition"] = [_language_preference(spoken, "the language the request says its recording is in")]
    by_id = {step.id: step for step in steps}
    read_aloud = {_language_read(step, by_id) for step in steps if step.pipeline_tag == "text-to-speech"}
    if len(read_aloud) == 1 and None not in read_aloud:
        code = read_aloud.pop()
        preferred["text-to-speech"] = [_language_preference(code, f"the language of the text it reads ({language_name(code)})")]
    for task in READ_IN_A_LANGUAGE:
        read = {_text_language_read(step, by_id, words) or REQUEST_LANGUAGE for step in steps if step.pipeline_tag == task}
        if len(read) == 1:  # a text nothing tells the language of is taken to be in the request's
            code = read.pop()
            preferred[task] = [_language_preference(code, f"the language of the text it reads ({language_name(code)})")]
    for task in {step.pipeline_tag for step in steps}:
        if purpose := purpose_asked(task, words):
            preferred.setdefault(task, []).append(Preference("purpose", purpose, "the kind of classifier the request asks for"))
    return preferred


def _language_preference(code: str, reason: str) -> Preference:
    """A step's model should know the language: by its card; for English, also by a card that lists none (many
    English-only cards leave it unsaid)."""
    return Preference("listed_or_unsaid" if code == REQUEST_LANGUAGE else "languages", code, reason)


def _language_read(voice: TaskStep, by_id: dict[int, TaskStep]) -> str | None:
    """The code of the language a voice's text is in: a translation's target, or a pasted text's own."""
    if voice.dep:
        names = {by_id[d].language for d in voice.dep if d in by_id}
        with contextlib.suppress(ValueError):
            return language_code(names.pop()) if len(names) == 1 and None not in names else None
        return None
    text = next(iter(voice.args.values()), None)
    return text_language(text) if isinstance(text, str) else None


def _text_language_read(step: TaskStep, by_id: dict[int, TaskStep], words: str) -> str | None:
    """The code of the language of the text a step reads, when one can tell: the one the step it reads writes in
    (a transcript's, a translation's), else its pasted text's or file's own."""
    if step.dep:
        return the_one({_language_written(by_id[d], by_id, words) for d in step.dep if d in by_id} - {None})
    return _language_of(next(iter(step.args.values()), None))


def _needs(step: TaskStep, steps: list[TaskStep], words: str) -> Constraints:
    """What a step asks of its model besides the request's constraints: a translation writes its target language
    and reads its text's, when known; a text nothing tells the language of is taken to be in the request's
    (English), unless that is the target (docs/constraints.md, "Translation direction")."""
    if step.pipeline_tag != "translation" or not step.language:
        return Constraints()
    with contextlib.suppress(ValueError):
        into = language_code(step.language)
        return translation_needs(into, _source_language(step, steps, words, into))
    return Constraints()


def translation_needs(into: str, source: str | None) -> Constraints:
    """What a translation into `into` asks of its model when its text is in `source` (None: not known, so taken to
    be in the request's language, unless that is the target)."""
    if source is None and into != REQUEST_LANGUAGE:
        return Constraints(translation=Direction(into=into, source=REQUEST_LANGUAGE, assumed=True))
    return Constraints(translation=Direction(into=into, source=source if source != into else None))


def _source_language(step: TaskStep, steps: list[TaskStep], words: str, into: str) -> str | None:
    """The language a translation's text is in: the pasted text's own (by its words or script), the one its file
    name is tagged with ("episode3_fr.srt") or its file's own, else the one the request names for it ("from
    Spanish", "this French email"; not the language it translates into: "tag the places in the English text" speaks
    of its output), else the one the step it reads writes (a transcript's recording's, a summary's text's)."""
    text = next(iter(step.args.values()), None)
    if text != words and (found := _language_of(text)):  # (the request's own words, taken as the text, say what it is in)
        return found
    if found := named_source_language(words, besides=into):
        return found
    by_id = {s.id: s for s in steps}
    return _language_written(by_id[step.dep[0]], by_id, words) if len(step.dep) == 1 else None


def _language_of(text: object) -> str | None:
    """The code of the language of a step's text argument: a pasted text's own (its words or script), else the one
    its file's name is tagged with, else that of the file's opening when the file is here ("./brief.txt" in French);
    a step's output has too few words of its own."""
    if not isinstance(text, str):
        return None
    return text_language(text) or file_name_language(text) or file_text_language(text)


def _language_written(step: TaskStep, by_id: dict[int, TaskStep], words: str) -> str | None:
    """The code of the language a step writes its text in, when one can tell: a translation's target; a
    transcript's, the recording's the request names; the text read off a picture, the one its file's name tags; a
    summary's or a generated text's, that of the text it reads (a prompt taken from the request is in the request's
    language). A step reads only earlier steps."""
    if step.pipeline_tag == "translation":
        with contextlib.suppress(ValueError):
            return language_code(step.language) if step.language else None
        return None
    if step.pipeline_tag == "automatic-speech-recognition":
        return spoken_language(words)
    if step.pipeline_tag == "image-to-text" and wants_written_text(words):  # the text read off a picture is in the picture's language
        return file_name_language(str(step.args.get("image", "")))
    if step.pipeline_tag not in WRITE_AS_THEY_READ:
        return None
    if found := _language_of(step.args.get("text")):
        return found
    return _language_written(by_id[step.dep[0]], by_id, words) if len(step.dep) == 1 else None


def _image_reading(query: str, steps: list[TaskStep]) -> ConstraintSet:
    """An image-to-text step reads the text written in the image (OCR) or describes it, as the request's words say."""
    if not any(step.pipeline_tag == "image-to-text" for step in steps):
        return ConstraintSet()
    return ConstraintSet(per_task={"image-to-text": Constraints(reads_text=wants_written_text(query))})


def uncertain_steps(steps: list[TaskStep], goals: list[GoalSpec]) -> list[str]:
    """A warning for each requested step that understanding was unsure of, with the other readings."""
    warnings = []
    for step in steps:
        if step.confidence is None or step.confidence >= UNCERTAIN:
            continue
        goal = next((g for g in goals if g.task == step.task and g.confidence == step.confidence), None)
        others = ", ".join(f"{t} {p:.2f}" for t, p in (goal.readings if goal else {}).items() if t != step.task)
        warnings.append(f"step {step.id} ({step.task}) is uncertain (confidence {step.confidence:.2f})"
                        + (f"; other readings: {others}" if others else "") + ": rephrase the request if it is wrong")
    return warnings


@contextlib.contextmanager
def _timed(timings: dict[str, float], stage: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        timings[stage] = round(timings.get(stage, 0.0) + (time.perf_counter() - start) * 1000, 3)
