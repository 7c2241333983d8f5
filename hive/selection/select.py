"""Select a model per plan step: the winner, the runners-up, and why every other candidate lost."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field

from hive.contracts import Constraints, ConstraintSet
from hive.errors import HiveError
from hive.kg.access import GraphAccess
from hive.selection.query import Check, selection_query
from hive.selection.vocabulary import Vocabulary


class Candidate(BaseModel):
    """A model with the facts the ranking used."""

    id: str
    downloads: int | None = None
    likes: int | None = None
    parameters: int | None = None
    parameters_source: str | None = None
    bytes: int | None = None
    offline: bool = False
    prompted: bool = Field(default=False, description="a general instruction model prompted for the task, not trained on it")
    value: float | None = Field(default=None, description="its score on the requested benchmark")


class Selection(BaseModel):
    """The outcome of model selection for one task."""

    task: str
    model: str | None = None
    why: str = ""
    alternatives: list[Candidate] = Field(default_factory=list)
    winner: Candidate | None = None
    candidates: int = 0
    rejected_by: dict[str, int] = Field(default_factory=dict, description="constraint -> how many candidates it rejected first")
    rejected: dict[str, str] = Field(default_factory=dict, description="model id -> the first constraint it fails")
    unsatisfiable: str | None = Field(default=None, description="the constraint that removed the last candidates")
    constraints: Constraints = Field(default_factory=Constraints)


def _candidate(row: dict) -> Candidate:
    return Candidate(
        id=str(row["id"]), downloads=row.get("downloads"), likes=row.get("likes"), parameters=row.get("params"),
        parameters_source=row.get("paramsSource"), bytes=row.get("bytes"), offline=bool(row.get("offline")),
        prompted=bool(row.get("prompted")), value=row.get("value"),
    )


class Selector:
    """Runs selection queries against one graph; results are cached per (task, constraints)."""

    def __init__(self, graph: GraphAccess, top: int = 3, vocabulary: Vocabulary | None = None) -> None:
        self.graph = graph
        self.vocabulary = vocabulary or Vocabulary(graph)
        self.top = top
        self._cache: dict[tuple[str, str], Selection] = {}

    def select(self, task: str, constraints: Constraints) -> Selection:
        key = (task, constraints.model_dump_json())
        if key not in self._cache:
            self._cache[key] = self._select(task, constraints)
        return self._cache[key]

    def select_for_steps(self, tasks: list[str], constraints: ConstraintSet) -> dict[str, Selection]:
        """A selection per task. A benchmark asked of every step applies to the steps whose task has results
        on it ("best WER on LibriSpeech" does not rank the entity step); when no step has any, it applies to
        every step, which then reports what is missing. A step-scoped benchmark always applies."""
        wanted = {task: constraints.for_task(task) for task in dict.fromkeys(tasks)}
        unscoped = {task for task, c in wanted.items() if c.best_on is not None
                    and not (task in constraints.per_task and constraints.per_task[task].best_on is not None)}
        lacking = {task for task in unscoped if not self._has_benchmark(task, wanted[task])}
        if lacking != unscoped:
            for task in lacking:
                wanted[task] = wanted[task].model_copy(update={"best_on": None})
        return {task: self.select(task, c) for task, c in wanted.items()}

    def _has_benchmark(self, task: str, constraints: Constraints) -> bool:
        try:
            self.vocabulary.benchmark(task, constraints.best_on)
        except HiveError:
            return False
        return True

    def _select(self, task: str, constraints: Constraints) -> Selection:
        try:
            query, checks = selection_query(task, constraints, self.vocabulary)
        except HiveError as exc:
            if constraints.best_on is None:
                raise
            # a benchmark no model of the task has results on: no candidate can satisfy it
            return Selection(task=task, constraints=constraints, why=str(exc), unsatisfiable=f"best on {constraints.best_on.dataset}")
        found = self.graph.select(query)
        selection = Selection(task=task, candidates=len(found), constraints=constraints)
        if not found:
            selection.unsatisfiable = "task"
            selection.why = f"the knowledge graph ({self.graph.location}) has no {task} model"
            return selection
        admissible = [row for row in found if row["ok"]]
        self._explain_rejections(selection, found, checks)
        if not admissible:
            selection.why = (f"no {task} model satisfies every constraint: {selection.unsatisfiable} removed the last "
                             f"candidates ({self._rejections(selection)})")
            return selection
        winner = _candidate(admissible[0])
        selection.model, selection.winner = winner.id, winner
        selection.alternatives = [_candidate(row) for row in admissible[1 : 1 + self.top]]
        selection.why = self._why(task, winner, constraints, checks, len(admissible), selection)
        return selection

    @staticmethod
    def _explain_rejections(selection: Selection, found: list[dict], checks: list[Check]) -> None:
        """Each rejected candidate's first failing constraint, and the funnel step that emptied the list."""
        remaining = len(found)
        first_failures: Counter = Counter()
        for row in found:
            failing = next((c for c in checks if not row[f"ok_{c.name}"]), None)
            if failing is not None:
                first_failures[failing.label] += 1
                selection.rejected[str(row["id"])] = failing.label
        for check in checks:
            remaining -= first_failures.get(check.label, 0)
            if remaining == 0 and selection.unsatisfiable is None:
                selection.unsatisfiable = check.label
        selection.rejected_by = dict(first_failures)

    @staticmethod
    def _rejections(selection: Selection) -> str:
        return "; ".join(f"{n} rejected: {label}" for label, n in selection.rejected_by.items()) or "none rejected"

    def _why(self, task: str, winner: Candidate, constraints: Constraints, checks: list[Check], admissible: int, selection: Selection) -> str:
        if constraints.best_on is not None:
            reason = f"best {self.vocabulary.benchmark(task, constraints.best_on).label}: {winner.value:g}"
        elif constraints.smallest:
            size = f"{winner.parameters:,} parameters ({winner.parameters_source})" if winner.parameters else f"{winner.bytes:,} bytes"
            reason = f"smallest: {size}"
        elif constraints.rank_by == "likes":
            reason = f"most liked: {winner.likes or 0:,} likes"
        elif constraints.rank_by == "downloads":
            reason = f"most downloaded: {winner.downloads or 0:,} downloads"
        elif winner.offline:
            reason = "runs offline"
        else:
            reason = f"most used: {winner.downloads or 0:,} downloads"
        if winner.prompted:
            reason += " (a general LLM, prompted for this task)"
        satisfied = f"; satisfies {', '.join(c.label for c in checks)}" if checks else ""
        return (f"{reason}{satisfied}; {admissible} of {selection.candidates} {task} models admissible"
                + (f" ({self._rejections(selection)})" if selection.rejected_by else ""))
