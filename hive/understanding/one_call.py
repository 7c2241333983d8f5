"""Understanding in one constrained LLM call: the request's tasks and how they connect, in the shape of the
labelled requests the detector learned from ({"task", "dep"} per step).

- The static instructions (the library's tasks and the answer's rules) come first, so an in-process
  llama.cpp evaluates them once per process and every request pays only for its own tokens.
- The few-shot examples are the labelled requests nearest to this one (`nearest.py`), not a fixed list.
- The answer is constrained on decoding: the task is an enum of the library's tasks, and a step's `dep`
  may name only earlier steps. A server that ignores the schema is checked the same way after the fact:
  a broken answer goes back once with the error.
- Inputs (files, quoted texts, labels, the question) and constraints are read by the embedded
  understander, which the LLM's steps are mapped onto: a step of the same task keeps what the detector
  gave it (its input, target language, per-step constraints); other steps read the first input of the
  kind they need. With no valid answer, or an answer that cannot be planned, the detector's reading
  stands and the plan says so.
"""

from __future__ import annotations

import json
import string
from collections import Counter
from importlib import resources

from pydantic import BaseModel, Field

from hive.errors import NoPlanError, NothingToPlan
from hive.llm.backend import LLMBackend, Usage
from hive.planning.domain import ActionSchema, Domain
from hive.planning.library import DomainLibrary
from hive.request import GoalSpec, InputResource, ParsedRequest
from hive.understanding.base import Understander
from hive.understanding.inputs import LABELS_ID, PROMPT_ID, QUESTION_ID
from hive.understanding.learned import LearnedUnderstander
from hive.understanding.llm import InvalidAnswer, ask_validated
from hive.understanding.nearest import Example, NearestExamples
from hive.understanding.rules import domains_for, secondary_inputs

STAGE = "one-call"
EXAMPLES = 4  # nearest labelled requests shown per request
MAX_STEPS = 8
NOT_MATERIAL = (PROMPT_ID, QUESTION_ID, LABELS_ID)  # inputs that are the request's own words, not material to work on


class Step(BaseModel):
    task: str
    dep: list[int] = Field(default_factory=list)


class TaskList(BaseModel):
    tasks: list[Step] = Field(max_length=MAX_STEPS)


class OneCallUnderstander(Understander):
    """An LLM lists the tasks in one call; the embedded understander reads the inputs and constraints."""

    fallback_reading = "the detector's reading"

    def __init__(self, backend: LLMBackend, examples: NearestExamples | None = None, shots: int = EXAMPLES,
                 retries: int = 1, base: LearnedUnderstander | None = None) -> None:
        self.backend = backend
        self.examples = examples or NearestExamples()
        self.shots, self.retries = shots, retries
        self.base = base or LearnedUnderstander()
        self.name = f"one LLM call ({backend.name})"
        self.usage: dict[str, Usage] = {}
        self._goals: list[GoalSpec] | None = None

    def parse(self, query: str) -> ParsedRequest:
        self.usage, self._goals = {STAGE: Usage()}, None
        return self.base.parse(query)

    def select_domains(self, parsed: ParsedRequest, inputs: list[InputResource], library: DomainLibrary) -> list[str]:
        refused: NothingToPlan | None = None
        try:  # InputNotGiven passes: the pipeline adds the unnamed input and asks again
            embedded = self.base.select_domains(parsed, inputs, library)
            embedded_goals = self.base.select_goals(parsed, inputs, library.merged)
        except NothingToPlan as exc:
            refused, embedded, embedded_goals = exc, [], []
        usage = self.usage.setdefault(STAGE, Usage())
        answer = ask_validated(self.backend, usage, self._messages(parsed.query, library), TaskList,
                               _check(library), self.retries, _schema(library))
        if answer is None:
            if refused:
                raise refused
            return embedded
        if not answer.tasks:
            raise NothingToPlan("nothing to plan: the LLM read no task HIVE knows in the request; "
                                "ask e.g. 'transcribe ./a.wav', 'summarise ./notes.txt', 'draw a lighthouse'")
        goals = goals_from_steps(answer.tasks, inputs, embedded_goals, library.actions)
        try:
            domains = domains_for(goals, inputs, library)
        except NoPlanError as exc:
            usage.errors.append(f"the LLM's tasks cannot be planned: {str(exc).splitlines()[0]}")
            usage.fallback = True
            if refused:
                raise refused from exc
            return embedded
        usage.changes += _differences([g.task for g in embedded_goals], [g.task for g in goals])
        self._goals = goals
        return domains

    def select_goals(self, parsed: ParsedRequest, inputs: list[InputResource], domain: Domain) -> list[GoalSpec]:
        if self._goals is None:
            return self.base.select_goals(parsed, inputs, domain)
        return [g for g in self._goals if g.task in domain.actions]

    def _messages(self, query: str, library: DomainLibrary) -> list[dict[str, str]]:
        tasks = "\n".join(f"- {name}: {action.description}" for name, action in library.actions.items())
        system = string.Template(_prompt()).substitute(tasks=tasks)
        messages = [{"role": "system", "content": system}]
        for example in self.examples.nearest(query, self.shots):
            messages += [{"role": "user", "content": f"Request: {example.query}"},
                         {"role": "assistant", "content": _answer_of(example)}]
        return messages + [{"role": "user", "content": f"Request: {query}"}]


def goals_from_steps(steps: list[Step], inputs: list[InputResource], embedded: list[GoalSpec],
                     actions: dict[str, ActionSchema]) -> list[GoalSpec]:
    """The LLM's steps as goals. A step of a task the embedded reading also found keeps that goal's input,
    language and constraints; a step reading an earlier one reads its output; any other step reads the
    first of the person's inputs of the kind it needs not yet taken by a step of its task."""
    by_id = {r.id: r for r in inputs}
    unmatched = list(embedded)
    taken: dict[str, set[str]] = {}
    goals: list[GoalSpec] = []
    for step in steps:
        twin = next((g for g in unmatched if g.task == step.task), None)
        if twin is not None:
            unmatched.remove(twin)
        taken_by_task = taken.setdefault(step.task, set())
        if step.dep:
            source: str | int = step.dep[0]
        elif twin is not None and isinstance(twin.source, str):
            source = twin.source
        else:
            source = _first_input(actions[step.task], inputs, taken_by_task)
        taken_by_task.add(str(source))
        uses = [*step.dep[1:], *secondary_inputs(step.task, source if isinstance(source, str) else None, by_id)]
        kept = twin.model_dump(include={"language", "constraints", "confidence", "readings"}) if twin else {}
        goals.append(GoalSpec(task=step.task, source=source, uses=list(dict.fromkeys(uses)), **kept))
    return goals


def _first_input(action: ActionSchema, inputs: list[InputResource], taken: set[str]) -> str:
    needed = action.input_modality(action.main_input)
    material = [r for r in inputs if r.id not in NOT_MATERIAL]
    pool = [r for r in material if needed in r.modalities] or ([] if needed == "text" else material)
    free = [r for r in pool if r.id not in taken]
    chosen = free or pool
    return chosen[0].id if chosen else PROMPT_ID


def _check(library: DomainLibrary):
    def check(answer: TaskList) -> None:
        for index, step in enumerate(answer.tasks):
            if step.task not in library.actions:
                raise InvalidAnswer(f"step {index}: unknown task '{step.task}'")
            wrong = [d for d in step.dep if not 0 <= d < index]
            if wrong:
                raise InvalidAnswer(f"step {index}: dep {wrong} names no earlier step (steps are numbered from 0)")
    return check


def _schema(library: DomainLibrary) -> dict:
    """The answer's JSON schema, tight enough that decoding under it cannot go wrong: the task is an enum of
    the library's tasks, and step i's `dep` may name only steps 0..i-1 (one tuple shape per length)."""
    def step(index: int) -> dict:
        earlier = {"type": "integer", "enum": list(range(index))} if index else {"type": "integer"}
        dep = {"type": "array", "items": earlier} | ({} if index else {"maxItems": 0})
        return {"type": "object", "properties": {"task": {"type": "string", "enum": sorted(library.actions)}, "dep": dep},
                "required": ["task", "dep"], "additionalProperties": False}

    lengths = [{"type": "array", "prefixItems": [step(i) for i in range(n)], "items": False, "minItems": n, "maxItems": n}
               for n in range(MAX_STEPS + 1)]
    return {"type": "object", "properties": {"tasks": {"anyOf": lengths}}, "required": ["tasks"], "additionalProperties": False}


def _answer_of(example: Example) -> str:
    return json.dumps({"tasks": [{"task": t["task"], "dep": t["dep"]} for t in example.tasks]})


def _differences(embedded: list[str], decided: list[str]) -> list[str]:
    added, dropped = Counter(decided) - Counter(embedded), Counter(embedded) - Counter(decided)
    return [f"added {task}" for task in sorted(added.elements())] + [f"dropped {task}" for task in sorted(dropped.elements())]


def _prompt() -> str:
    return resources.files("hive.understanding").joinpath("prompts/one_call.md").read_text(encoding="utf-8")
