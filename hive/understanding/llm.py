"""The HIVE paper's three LLM stages — parse, choose domains, choose goal actions — on any LLM back-end.

Every answer is checked against a schema (pydantic) and against the library (known domains, known
tasks, real input ids). An invalid answer is sent back with the error for another try, a bounded
number of times; then the stage falls back to the rule-based understander, and the report says so.
A back-end that cannot answer at all (unreachable, wrong key, timeout) is an error for the user.
Three calls per request, whatever the number of tasks.
"""

from __future__ import annotations

import json
import string
from importlib import resources
from typing import Any, Callable, TypeVar

from pydantic import BaseModel, Field, ValidationError

from hive.llm.backend import LLMBackend, Usage
from hive.planning.domain import Domain
from hive.planning.library import DomainLibrary
from hive.request import GoalSpec, InputResource, ParsedRequest
from hive.understanding.base import Understander
from hive.understanding.rules import RuleUnderstander

Answer = TypeVar("Answer", bound=BaseModel)
STAGES = ("parse", "domains", "goals")


class ParseAnswer(BaseModel):
    model_config = {"extra": "ignore"}
    instruction: str = Field(min_length=1)
    input_texts: list[str] = Field(default_factory=list)
    question: str | None = None
    files: list[str] = Field(default_factory=list)
    data: list[dict[str, list[str]]] = Field(default_factory=list)
    categories: list[str] = Field(default_factory=list)
    constraints: dict[str, Any] = Field(default_factory=dict)


class DomainsAnswer(BaseModel):
    domains: list[str] = Field(min_length=1)


class GoalsAnswer(BaseModel):
    goals: list[GoalSpec] = Field(min_length=1)


class InvalidAnswer(ValueError):
    """The answer parsed but says something impossible (an unknown task, a source that does not exist)."""


def _text(name: str) -> str:
    return resources.files("hive.understanding").joinpath(name).read_text(encoding="utf-8")


def _few_shot(name: str, render: Callable[[dict], str]) -> list[dict[str, str]]:
    messages = []
    for example in json.loads(_text(f"examples/{name}.json")):
        messages += [{"role": "user", "content": render(example)}, {"role": "assistant", "content": json.dumps(example["answer"])}]
    return messages


class LLMUnderstander(Understander):
    """Understanding by an LLM, with the rules as the safety net."""

    def __init__(self, backend: LLMBackend, retries: int = 2, fallback: Understander | None = None) -> None:
        self.backend = backend
        self.retries = retries
        self.fallback = fallback or RuleUnderstander()
        self.name = f"llm ({backend.name})"
        self.usage: dict[str, Usage] = {}

    def start_request(self) -> None:
        self.usage = {stage: Usage() for stage in STAGES}

    # -- stages -----------------------------------------------------------------------------------

    def parse(self, query: str) -> ParsedRequest:
        self.start_request()
        messages = [{"role": "system", "content": _text("prompts/parse.md")},
                    *_few_shot("parse", lambda e: e["request"]), {"role": "user", "content": query}]
        rule_reading = self.fallback.parse(query)

        def check(answer: ParseAnswer) -> None:
            invented = [v for v in answer.files + answer.input_texts if v not in query]
            if invented:
                raise InvalidAnswer(f"{invented[0]!r} is not in the request; copy files and texts exactly")
            missing = [f for f in rule_reading.files if f not in answer.files]
            if missing:
                raise InvalidAnswer(f"the request names {missing[0]}, which is missing from files")

        answer = self._ask("parse", messages, ParseAnswer, check)
        if answer is None:
            return rule_reading
        parsed = ParsedRequest(query=query, **answer.model_dump())
        parsed.constraints = rule_reading.constraints  # constraint phrases are read by rules
        return parsed

    def select_domains(self, parsed: ParsedRequest, inputs: list[InputResource], library: DomainLibrary) -> list[str]:
        listing = "\n".join(f"- {d.name}: {d.description} (tasks: {', '.join(d.actions)})" for d in library.domains.values())
        prompt = string.Template(_text("prompts/domains.md")).substitute(domains=listing)
        messages = [{"role": "system", "content": prompt},
                    *_few_shot("domains", lambda e: e["request"]), {"role": "user", "content": parsed.instruction or parsed.query}]

        def check(answer: DomainsAnswer) -> None:
            unknown = [d for d in answer.domains if d not in library.domains]
            if unknown:
                raise InvalidAnswer(f"unknown domain(s) {unknown}; choose from {sorted(library.domains)}")

        answer = self._ask("domains", messages, DomainsAnswer, check)
        if answer is None:
            return self.fallback.select_domains(parsed, inputs, library)
        return list(dict.fromkeys(answer.domains))

    def select_goals(self, parsed: ParsedRequest, inputs: list[InputResource], domain: Domain) -> list[GoalSpec]:
        actions = "\n".join(
            f"- {a.name}: {a.description} (reads {', '.join(m for _p, m in a.inputs)}; writes {', '.join(a.output_modalities)})"
            for a in domain.actions.values()
        )
        prompt = string.Template(_text("prompts/goals.md")).substitute(actions=actions, inputs=_describe(inputs))
        messages = [{"role": "system", "content": prompt},
                    *_few_shot("goals", lambda e: f"{e['request']}\n\nInputs:\n{e['inputs']}"),
                    {"role": "user", "content": f"{parsed.query}\n\nInputs:\n{_describe(inputs)}"}]
        ids = {r.id for r in inputs}

        def check(answer: GoalsAnswer) -> None:
            for index, goal in enumerate(answer.goals):
                if goal.task not in domain.actions:
                    raise InvalidAnswer(f"goal {index}: unknown task '{goal.task}'; choose from {sorted(domain.actions)}")
                if isinstance(goal.source, int) and not 0 <= goal.source < len(answer.goals):
                    raise InvalidAnswer(f"goal {index}: source {goal.source} is not the number of a goal")
                if isinstance(goal.source, str) and goal.source not in ids:
                    raise InvalidAnswer(f"goal {index}: source '{goal.source}' is not an input id ({sorted(ids)})")
                unknown = [u for u in goal.uses if (u not in ids if isinstance(u, str) else not 0 <= u < len(answer.goals))]
                if unknown:
                    raise InvalidAnswer(f"goal {index}: uses {unknown}, which are neither input ids ({sorted(ids)}) nor goal numbers")

        answer = self._ask("goals", messages, GoalsAnswer, check)
        if answer is None:
            return self.fallback.select_goals(parsed, inputs, domain)
        return answer.goals

    # -- one stage's conversation -----------------------------------------------------------------

    def _ask(self, stage: str, messages: list[dict[str, str]], schema: type[Answer], check: Callable[[Answer], None]) -> Answer | None:
        """The validated answer, or None after the retries ran out (the caller falls back to the rules)."""
        return ask_validated(self.backend, self.usage.setdefault(stage, Usage()), messages, schema, check, self.retries)


def ask_validated(backend: LLMBackend, usage: Usage, messages: list[dict[str, str]], schema: type[Answer],
                  check: Callable[[Answer], None], retries: int, json_schema: dict[str, Any] | None = None) -> Answer | None:
    """One question to the LLM, answered in `schema` and passing `check`; an invalid answer goes back with
    its error, at most `retries` times; None when no valid answer came (the usage says why).
    `json_schema` constrains decoding more tightly than the pydantic model can (enums built per request)."""
    conversation = messages
    for attempt in range(retries + 1):
        completion = backend.complete(conversation, json_schema or schema.model_json_schema())  # LLMUnavailable: the user's to fix
        usage.add(completion)
        try:
            answer = schema.model_validate_json(_json_part(completion.text))
            check(answer)
            return answer
        except (ValidationError, InvalidAnswer, ValueError) as exc:
            error = _short(exc)
            usage.errors.append(error)
            usage.invalid += 1
            usage.retries += attempt < retries
            # Only the latest wrong answer goes back, so retries do not grow the prompt.
            conversation = messages + [
                {"role": "assistant", "content": completion.text[:2000]},
                {"role": "user", "content": f"That answer is invalid: {error}. Answer again with one JSON object that follows the schema."},
            ]
    usage.fallback = True
    return None


def _describe(inputs: list[InputResource]) -> str:
    return "\n".join(f"{r.id}: {', '.join(r.modalities)} = {r.note or r.label}" for r in inputs)


def _json_part(text: str) -> str:
    """The JSON object in an answer, also when a model wraps it in prose or a code fence."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        raise ValueError("the answer holds no JSON object")
    return text[start : end + 1]


def _short(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        return f"{'.'.join(str(p) for p in first['loc']) or 'answer'}: {first['msg']}"
    return str(exc).splitlines()[0]
