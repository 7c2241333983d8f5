"""How many candidates pass each prefix of the checks: from the task's profiles by aggregate queries, or
from the explanation's verdicts. The counts say which constraint rejected how many candidates first and
which one removed the last of them."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote

from hive.kg.access import GraphAccess
from hive.kg.schema import PREFIX
from hive.selection.query import (Check, Spec, profiles_passing, read_facts, rejected_members_query, rejected_profiles_query,
                                  task_profiles, verdicts)


@dataclass(frozen=True)
class Funnel:
    """`passed[i]`: the candidates that pass checks 0..i."""

    checks: list[Check]
    candidates: int
    passed: list[int]

    @property
    def admissible(self) -> int:
        return self.passed[-1] if self.passed else self.candidates

    def rejected_by(self) -> dict[str, int]:
        """Check label -> how many candidates it rejected first, in funnel order."""
        before = [self.candidates] + self.passed[:-1]
        return {c.label: b - p for c, b, p in zip(self.checks, before, self.passed) if b > p}

    def unsatisfiable(self) -> str | None:
        """The check that removed the last candidates (None when some are admissible or there were none)."""
        if self.candidates == 0:
            return None
        return next((c.label for c, p in zip(self.checks, self.passed) if p == 0), None)


def _sums(checks: list[Check], first: int, weight: str) -> str:
    """`?pass_i`: the summed `weight` of the candidates passing checks 0..i, for i from `first` on."""
    return " ".join(f"(SUM(IF(?ok_{checks[i].name}, {weight}, 0)) AS ?pass_{i})" for i in range(first, len(checks)))


def _split(spec: Spec) -> int:
    """How many checks, from the first, the models of a profile pass or fail together: those before the first
    that reads a fact of each model's own (downloads)."""
    return next((i for i, c in enumerate(spec.checks) if c.per_model), len(spec.checks))


def counted(graph: GraphAccess, spec: Spec) -> Funnel:
    """The funnel from the task's profiles: the checks a profile's models pass or fail together are judged on
    its representative and weighed by its members; the rest on the members of the profiles that passed those."""
    split = _split(spec)
    shared = spec.checks[:split]
    base = spec.benchmark is None  # no check reads benchmark keys: the coarser base profiles count alike
    totals = graph.select(PREFIX + f"SELECT (SUM(?members) AS ?candidates) {_sums(shared, 0, '?members')} WHERE {{\n  {task_profiles(spec, base)}"
                          f"{read_facts(shared)}{verdicts(shared)}\n}}")[0]
    passed = [int(totals[f"pass_{i}"] or 0) for i in range(split)]
    if split < len(spec.checks):
        members = graph.select(PREFIX + f"SELECT {_sums(spec.checks, split, '1')} WHERE {{\n  {profiles_passing(spec, shared)}\n  ?model hive:profile ?profile ."
                               f"{read_facts(spec.checks)}{verdicts(spec.checks)}\n}}")[0]
        passed += [int(members[f"pass_{i}"] or 0) for i in range(split, len(spec.checks))]
    return Funnel(spec.checks, int(totals["candidates"] or 0), passed)


def rejections(graph: GraphAccess, spec: Spec) -> dict[str, str]:
    """Model id -> the first check it fails, for each rejected candidate: the members of the profiles that fail
    the checks they share take their profile's verdicts; the other profiles' members are judged one by one."""
    split = _split(spec)
    shared = spec.checks[:split]
    groups = [(shared, row) for row in graph.select(rejected_profiles_query(spec, shared))]
    if split < len(spec.checks):
        groups += [(spec.checks, row) for row in graph.select(rejected_members_query(spec, shared))]
    return {model: reason for checks, row in groups for model, reason in first_failures(checks, [row]).items()}


def first_failures(checks: list[Check], rows: list[dict[str, object]]) -> dict[str, str]:
    """Model id -> the first of `checks` it fails, for each rejected candidate among `rows` (a row names one
    model by `id`, or several by `ids`, joined by spaces)."""
    return {unquote(model): next(c.label for c in checks if not row[f"ok_{c.name}"])
            for row in rows if not row["ok"] for model in str(row.get("ids") or row["id"]).split(" ")}


def judged(spec: Spec, rows: list[dict[str, object]]) -> Funnel:
    """The funnel from every candidate's verdicts (the explanation's rows; `?ok_<name>` holds for the checks so far)."""
    return Funnel(spec.checks, len(rows), [sum(bool(r[f"ok_{check.name}"]) for r in rows) for check in spec.checks])
