"""What HIVE's stages hand each other: the user's constraints on models, a plan step and the plan.

Constraints arrive as flags, a file, a batch line, an HTTP body or the request's words; each source is
read into a `ConstraintSet` here (`from_flags`, `read`, `parse`) and nowhere else."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field, ValidationError, field_validator

from hive.errors import HiveError
from hive.planning.engines import DEFAULT_ENGINE
from hive.request import GoalSpec, InputResource, ParsedRequest
from hive.selection.constraints import Benchmark, language_code, parse_bytes, parse_count


class Direction(BaseModel):
    """What a translation step asks of its model: the language to write and the one its text is in (None: not
    known, so a model must read any); `stated`: only a model whose card states that direction."""

    model_config = {"extra": "forbid"}

    into: str
    source: str | None = None
    stated: bool = False
    assumed: bool = False  # `source` is the request's language, taken for a text nothing says the language of

    @field_validator("into", "source")
    @classmethod
    def _code(cls, value: str | None) -> str | None:
        return None if value is None else language_code(value)


class Constraints(BaseModel):
    """Constraints on the model of one step (or of every step, when global)."""

    model_config = {"extra": "forbid"}

    licences: list[str] = Field(default_factory=list, description="allowed licences: SPDX/hub ids or families")
    deny_licences: list[str] = Field(default_factory=list, description="refused licences: ids or families")
    max_parameters: int | None = Field(default=None, gt=0)
    max_parameters_of: str | None = Field(default=None, min_length=1, max_length=120, description="no bigger than the "
                                          "model this names ('t5-base', 'openai/whisper-small'): its recorded size is the cap")
    max_bytes: int | None = Field(default=None, gt=0)
    smallest: bool = False
    best_on: Benchmark | None = None
    languages: list[str] = Field(default_factory=list)
    min_downloads: int | None = Field(default=None, ge=0)
    local_only: bool = False
    rank_by: Literal["downloads", "likes"] | None = Field(default=None, description="rank by popularity first")
    reads_text: bool | None = Field(default=None, description="image-to-text: an OCR model (True) or one that describes "
                                    "the picture (False); set from the request's words")
    translation: Direction | None = Field(default=None, description="translation: the languages of the step; set from the plan")
    purpose: str | None = Field(default=None, description="text or audio classification: what the labels are about "
                                "(sentiment, emotion, language, ...; hive/selection/purposes.yaml), by the model's id")
    listed_or_unsaid: str | None = Field(default=None, description="a language the model's card lists, or a card that lists "
                                         "none (English, which many English-only cards leave unsaid); set from the plan")

    @field_validator("languages")
    @classmethod
    def _language_codes(cls, values: list[str]) -> list[str]:
        return [language_code(value) for value in values]


    def is_empty(self) -> bool:
        return self == Constraints()

    def merged_with(self, other: "Constraints") -> "Constraints":
        """`other` on top of `self`: lists are joined, values `other` sets win."""
        data = self.model_dump()
        for name, value in other.model_dump(exclude_defaults=True).items():
            data[name] = sorted(set(data[name]) | set(value)) if isinstance(value, list) else value
        return Constraints(**data)


def _in_words(error: dict) -> str:
    """A validation error as a user reads it: the field's key, its scope in words, pydantic's phrasing trimmed."""
    place = [str(p) for p in error["loc"] if not isinstance(p, int)]
    scope = {"global": "for every step", "per_task": "for the {} step"}
    words = []
    if place and place[0] in scope:
        words.append(scope[place[0]].format(place[1] if len(place) > 1 else "?"))
        place = place[2:] if place[0] == "per_task" else place[1:]
    field = ".".join(place) or "a constraint"
    message = str(error["msg"]).removeprefix("Value error, ").replace("Input should be", "should be")
    if error["type"] == "extra_forbidden":
        message = "no constraint HIVE knows (docs/constraints.md lists them)"
    return f"{' '.join([field, *words])}: {message}"


class ConstraintSet(BaseModel):
    """Global constraints plus per-task ones (keyed by task name)."""

    model_config = {"extra": "forbid", "populate_by_name": True}

    all_tasks: Constraints = Field(default_factory=Constraints, alias="global")
    per_task: dict[str, Constraints] = Field(default_factory=dict)

    @classmethod
    def parse(cls, data: Any, where: str) -> "ConstraintSet":
        """A mapping (a file's, a batch line's, an HTTP body's, the request's words') as a ConstraintSet;
        a flat mapping counts as global constraints. A bad value is a one-line `HiveError` naming its field."""
        if not isinstance(data, dict):
            raise HiveError(f"{where}: constraints must be a mapping")
        if not ({"global", "per_task"} & set(data)):
            data = {"global": data}
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise HiveError(f"{where}: {_in_words(exc.errors()[0])}") from exc

    @classmethod
    def read(cls, path: Path) -> "ConstraintSet":
        """A JSON or YAML file with global and/or per-task constraints."""
        try:
            text = Path(path).read_text(encoding="utf-8")
            data = json.loads(text) if Path(path).suffix == ".json" else yaml.safe_load(text)
        except (OSError, json.JSONDecodeError, yaml.YAMLError) as exc:
            raise HiveError(f"cannot read constraints file {path}: {str(exc).splitlines()[0]}") from exc
        return cls.parse(data or {}, str(path))

    @classmethod
    def from_flags(cls, *, licences: list[str], deny_licences: list[str], max_params: str | None, max_bytes: str | None,
                   smallest: bool, best_on: str | None, languages: list[str], min_downloads: str | None,
                   local_only: bool, file: Path | None) -> "ConstraintSet":
        """The command line's constraint flags as global constraints, on top of the `--constraints` file if given."""
        base = cls.read(file) if file else cls()
        for name, values in (("--licence", licences), ("--deny-licence", deny_licences), ("--language", languages)):
            for value in values:
                _not_empty(name, value)
        flags = cls.parse(dict(
            licences=licences,
            deny_licences=deny_licences,
            max_parameters=_flag("--max-params", parse_count, max_params),
            max_bytes=_flag("--max-bytes", parse_bytes, max_bytes),
            smallest=smallest,
            best_on=_flag("--best-on", lambda text: Benchmark.parse(text).model_dump(), best_on),
            languages=languages,
            min_downloads=_flag("--min-downloads", parse_count, min_downloads),
            local_only=local_only,
        ), "the constraint flags")
        return base.merged_with(flags)

    def to_dict(self) -> dict[str, Any]:
        """The set as the plan JSON shows it: only what is set, global constraints under "global"."""
        return self.model_dump(by_alias=True, exclude_defaults=True)

    def for_task(self, task: str) -> Constraints:
        return self.all_tasks.merged_with(self.per_task[task]) if task in self.per_task else self.all_tasks

    def merged_with(self, other: "ConstraintSet") -> "ConstraintSet":
        """`other` on top of `self`, scope by scope: a later global value beats an earlier global one, a later
        per-task value an earlier per-task one, and a step's own value beats any global one."""
        tasks = {t: self.per_task.get(t, Constraints()).merged_with(other.per_task.get(t, Constraints()))
                 for t in set(self.per_task) | set(other.per_task)}
        return ConstraintSet(all_tasks=self.all_tasks.merged_with(other.all_tasks), per_task=tasks)

    def is_empty(self) -> bool:
        return self.all_tasks.is_empty() and all(c.is_empty() for c in self.per_task.values())


def _not_empty(name: str, text: str) -> None:
    """An empty flag value is a mistake, not the flag left out."""
    if not text.strip():
        raise HiveError(f"{name} is empty: give it a value or leave the flag out")


def _flag(name: str, read: Any, text: str | None) -> Any:
    """A flag's text read by `read`, None when the flag is absent; an empty or unreadable value names the flag."""
    if text is None:
        return None
    _not_empty(name, text)
    try:
        return read(text)
    except HiveError as exc:
        raise HiveError(f"{name}: {exc}") from exc


class TaskStep(BaseModel):
    """One step of the plan JSON (docs/design.md, "Plan JSON")."""

    id: int
    task: str
    pipeline_tag: str
    dep: list[int]
    args: dict[str, str | list | dict]
    outputs: list[str] = Field(description="modalities of the step's output")
    stage: int = Field(description="steps of one stage do not depend on each other and may run in parallel")
    requested: bool = Field(description="asked for by the request (false: added by the planner to bridge data)")
    model: str | None = Field(default=None, description="the selected model (None: not selected, or no model satisfies the constraints)")
    why: str | None = None
    alternatives: list[dict] = Field(default_factory=list, description="runners-up, best first")
    unsatisfiable: str | None = Field(default=None, description="the constraint that removed the last candidate models")
    confidence: float | None = Field(default=None, description="how sure understanding is that the request asks for this step")
    language: str | None = Field(default=None, description="the language the step's output is to be in (a translation's target)")


class Explanation(BaseModel):
    """What `--explain` shows: the merged domain, the problem, the planner's log and, when model selection was
    asked to explain, each step's rejected candidates."""

    domain_pddl: str
    problem_pddl: str
    planner_log: list[str]
    inputs: list[InputResource]
    goals: list[GoalSpec]
    rejected: dict[str, dict[str, str]] = Field(default_factory=dict, description="task -> rejected model -> the first constraint it fails")


class PlanResult(BaseModel):
    """The plan JSON of docs/design.md ("Plan JSON"), plus warnings and the explanation."""

    id: str | None = None
    query: str
    parsed: ParsedRequest | None = None
    domains: list[str] = Field(default_factory=list)
    tasks: list[TaskStep] = Field(default_factory=list)
    engine: str = DEFAULT_ENGINE
    understander: str = ""
    constraints: dict = Field(default_factory=dict, description="the effective constraints (flags, file and request), as ConstraintSet.to_dict")
    warnings: list[str] = Field(default_factory=list)
    error: str | None = None
    timings_ms: dict[str, float] = Field(default_factory=dict)
    llm_usage: dict[str, dict] = Field(default_factory=dict, description="per understanding stage: calls, tokens, time, retries, fallback")
    explanation: Explanation | None = None

    def constraints_for(self, task: str) -> str:
        """The constraints that applied to a task's step, in words ('' when none)."""
        applied = ConstraintSet.parse(self.constraints, "plan").for_task(task).model_dump(exclude_defaults=True) if self.constraints else {}
        return ", ".join(f"{k}={v}" for k, v in applied.items())

    def llm_lines(self) -> list[str]:
        """What an LLM did in understanding, a line per stage that called it: calls, tokens, time, changes."""
        return [f"LLM {stage}: {u['calls']} call(s), {u['prompt_tokens']} + {u['completion_tokens']} tokens, "
                f"{u['milliseconds'] / 1000:.1f} s; changed from the detector's reading: {'; '.join(u.get('changes') or []) or 'nothing'}"
                for stage, u in self.llm_usage.items() if u["calls"]]

    def to_json_dict(self, explain: bool = False) -> dict[str, Any]:
        exclude = None if explain else {"explanation"}
        data = self.model_dump(mode="json", exclude=exclude, exclude_none=True)
        for step in data.get("tasks", []):  # a step no model satisfies says so: "model": null, not a missing key
            step.setdefault("model", None)
        return data
