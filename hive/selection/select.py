"""Select a model per plan step: the winner, the runners-up, and why every other candidate lost."""

from __future__ import annotations

from functools import cached_property
from typing import NamedTuple

from pydantic import BaseModel, Field

from hive.contracts import Constraints, ConstraintSet
from hive.kg.access import GraphAccess
from hive.kg.schema import PREFIX, node
from hive.selection.funnel import Funnel, counted, first_failures, judged, rejections
from hive.selection.query import Check, Spec, every_candidate, selection_spec
from hive.selection.ranking import top
from hive.selection.vocabulary import Unresolved, Vocabulary


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
    rejected: dict[str, str] = Field(default_factory=dict, description="model id -> the first constraint it fails (when explained)")
    unsatisfiable: str | None = Field(default=None, description="the constraint that removed the last candidates")
    constraints: Constraints = Field(default_factory=Constraints)
    unmet_preference: str | None = Field(default=None, description="what was preferred for the step that no admissible model has, and why")


class Preference(NamedTuple):
    """What a step's model should have when one of its admissible models does ("languages": a code; "purpose": what
    a classifier's labels are about), and why."""

    field: str  # a Constraints field: "languages", "listed_or_unsaid" (English) or "purpose"
    value: str
    reason: str  # "the language the request says its recording is in"

    def unmet(self) -> str:
        if self.field in ("languages", "listed_or_unsaid"):
            unsaid = " or lists no language" if self.field == "listed_or_unsaid" else ""
            return f"no admissible model lists {self.value}{unsaid}, {self.reason}"
        return f"no admissible model is a {self.value} classifier by its name, {self.reason}"


# A card that lists this many languages and states no direction is a many-to-many translator's (NLLB's 196,
# M2M100's and SMaLL-100's 101); T5 lists the four of its training mix and translates from English only.
MANY_TO_MANY = 10
# The language the graph's other cards that state no direction translate from: T5's (into fr, de, ro), WMT21's en-x
# and an mT5's for zh, ja and en.
ENGLISH = "en"


def _ranks(constraints: Constraints) -> bool:
    """The constraints order the admissible models by something the person asked for (size, popularity, a benchmark)."""
    return constraints.smallest or constraints.rank_by is not None or constraints.best_on is not None


def _candidate(row: dict) -> Candidate:
    return Candidate(
        id=str(row["id"]), downloads=row.get("downloads"), likes=row.get("likes"), parameters=row.get("params"),
        parameters_source=row.get("paramsSource"), bytes=row.get("bytes"), offline=bool(row.get("offline")),
        prompted=bool(row.get("prompted")), value=row.get("value"),
    )


class Selector:
    """Runs selection queries against one graph; results are cached per (task, constraints, explain).

    On a graph with the builder's indexes, a selection answers from them: the counts per constraint from the
    task's profiles, the best models from the head of a ranked list; asked to explain, one more query names
    each rejected candidate's failing constraint. Without the indexes (or `use_indexes=False`), one query
    judges and ranks every candidate of the task."""

    def __init__(self, graph: GraphAccess, top: int = 3, vocabulary: Vocabulary | None = None, use_indexes: bool = True) -> None:
        self.graph = graph
        self.vocabulary = vocabulary or Vocabulary(graph)
        self.top = top
        self.use_indexes = use_indexes
        self._cache: dict[tuple[str, str, bool], Selection] = {}

    @cached_property
    def indexed(self) -> bool:
        """Whether selections answer from the selection indexes (kg_builder/indexes.py): wanted, and in the graph."""
        return self.use_indexes and bool(self.graph.select(PREFIX + "SELECT ?profile WHERE { ?profile hive:profileOf ?task } LIMIT 1"))

    def select(self, task: str, constraints: Constraints, explain: bool = False) -> Selection:
        """The winner, runners-up and counts of rejections; with `explain`, also each rejected candidate's reason."""
        key = (task, constraints.model_dump_json(), explain)
        if key not in self._cache:
            self._cache[key] = self._select(task, constraints, explain)
        return self._cache[key]

    def select_for_steps(self, steps: list[tuple[str, Constraints]], constraints: ConstraintSet, explain: bool = False,
                         preferred: dict[str, list[Preference]] | None = None) -> list[Selection]:
        """A selection per step, each given as its task and what the step itself asks of a model besides the
        request's constraints (a translation's languages: a model whose card states that direction first). A benchmark asked of every step applies to the steps
        whose task has results on it ("best WER on LibriSpeech" does not rank the entity step); when no step has
        any, it applies to every step, which then reports what is missing. A step-scoped benchmark always applies.
        `preferred` (task -> preferences, and why: the language a request says its recording is in, the one the text
        to read aloud or to read is in; what a classifier's labels are to be about) are kept in order: among a step's
        admissible models, those that have it when any do (else the selection says none does), unless the step's
        constraints already set that field (or name a language, for English's `listed_or_unsaid`); a preference holds
        within the person's ranking ("the smallest model" for a Spanish recording is the smallest that lists Spanish,
        "the most downloaded sentiment model" the most downloaded of those)."""
        tasks = [task for task, _needs in steps]
        wanted = [constraints.for_task(task).merged_with(needs) for task, needs in steps]
        unscoped = {i for i, (task, c) in enumerate(zip(tasks, wanted)) if c.best_on is not None
                    and not (task in constraints.per_task and constraints.per_task[task].best_on is not None)}
        lacking = {i for i in unscoped if not self._has_benchmark(tasks[i], wanted[i])}
        if lacking != unscoped:
            for i in lacking:
                wanted[i] = wanted[i].model_copy(update={"best_on": None})
        chosen = [self._stated_direction_first(task, c, explain) for task, c in zip(tasks, wanted)]
        for i, (task, c) in enumerate(zip(tasks, wanted)):
            for preference in (preferred or {}).get(task, []):
                if chosen[i].model is None or getattr(c, preference.field) or (preference.field == "listed_or_unsaid" and c.languages):
                    continue
                value = [preference.value] if preference.field == "languages" else preference.value
                c = c.model_copy(update={preference.field: value})
                kept = self.select(task, c, explain)
                if kept.model is not None:
                    chosen[i] = kept.model_copy(update={"why": f"{kept.why}; preferred as {preference.reason}"})
                else:
                    chosen[i] = chosen[i].model_copy(update={"unmet_preference": preference.unmet()})
                    break
        return chosen

    def _stated_direction_first(self, task: str, constraints: Constraints, explain: bool) -> Selection:
        """A translation's model among those whose card states its direction when any is admissible, else among
        those that list its languages; but a model that lists them keeps its place when it runs offline and nothing
        else ranks the models (the offline default runs without a download), or when the person ranks the models
        and it lists many languages (a many-to-many translator, as trustworthy as a stated direction), or the text
        is English, which the cards stating no direction translate from, or its language is only taken to be the
        request's (the person's ranking holds over a guess)."""
        listing = self.select(task, constraints, explain)
        direction, winner = constraints.translation, listing.winner
        if direction is None or direction.stated or winner is None or (not _ranks(constraints) and winner.offline) \
                or (_ranks(constraints) and (direction.assumed or direction.source == ENGLISH
                                             or self._languages_listed(winner.id) >= MANY_TO_MANY)):
            return listing
        stating = constraints.model_copy(update={"translation": direction.model_copy(update={"stated": True})})
        stated = self.select(task, stating, explain)
        return self._stating_first(task, constraints, listing, stating, stated) if stated.model is not None else listing

    def _stating_first(self, task: str, constraints: Constraints, listing: Selection, stating: Constraints, stated: Selection) -> Selection:
        """`stated`'s winner (among the models whose card states the direction) told as what it is: the first of
        `listing`'s admissible models, whose rejections and counts are the true ones; the models that only list the
        languages are ranked after those that state the direction, not rejected."""
        ranked = [stated.winner, *stated.alternatives]
        ranked += [m for m in [listing.winner, *listing.alternatives] if m.id not in {r.id for r in ranked}]
        chosen = listing.model_copy(update={"model": stated.model, "winner": stated.winner, "alternatives": ranked[1:self.top + 1]})
        admissible = listing.candidates - sum(listing.rejected_by.values())
        first = ""
        if stated.model != listing.model:  # "its card says it translates into fr" and "... from en" (or "... reads any language")
            into, source = (c.label for c in selection_spec(task, stating, self.vocabulary).checks if c.name.startswith("translates_"))
            source = source.removeprefix("its card says it ").removeprefix("translates ")
            listed = admissible - (stated.candidates - sum(stated.rejected_by.values()))
            first = f"{into} and {source}: chosen before the {listed} admissible models whose cards state no direction ({listing.model} first by the ranking)"
        chosen.why = self._why(task, stated.winner, constraints, selection_spec(task, constraints, self.vocabulary).checks,
                               admissible, chosen, first)
        return chosen

    def _languages_listed(self, model: str) -> int:
        """How many languages the model's card lists."""
        rows = self.graph.select(PREFIX + f"SELECT (COUNT(DISTINCT ?l) AS ?n) WHERE {{ {node('model', model)} hive:language ?l }}")
        return int(rows[0]["n"]) if rows else 0

    def _has_benchmark(self, task: str, constraints: Constraints) -> bool:
        try:
            self.vocabulary.benchmark(task, constraints.best_on)
        except Unresolved:
            return False
        return True

    def _select(self, task: str, constraints: Constraints, explain: bool) -> Selection:
        try:
            spec = selection_spec(task, constraints, self.vocabulary)
        except Unresolved as exc:  # a benchmark, or a model to compare sizes with, the graph lacks: no candidate can satisfy it
            return Selection(task=task, constraints=constraints, why=str(exc), unsatisfiable=exc.label)
        if self.indexed:
            funnel = counted(self.graph, spec)
            ranked = top(self.graph, spec, funnel, self.top + 1)
            rejected = rejections(self.graph, spec) if explain else {}
        else:
            found = self.graph.select(every_candidate(spec))
            funnel, ranked = judged(spec, found), [row for row in found if row["ok"]][: self.top + 1]
            rejected = first_failures(spec.checks, found) if explain else {}
        return self._selection(spec, constraints, funnel, ranked, rejected)

    def _selection(self, spec: Spec, constraints: Constraints, funnel: Funnel, ranked: list[dict], rejected: dict[str, str]) -> Selection:
        task = spec.task
        selection = Selection(task=task, candidates=funnel.candidates, constraints=constraints, rejected=rejected,
                              rejected_by=funnel.rejected_by(), unsatisfiable=funnel.unsatisfiable())
        if funnel.candidates == 0:
            selection.unsatisfiable = "task"
            selection.why = f"the knowledge graph ({self.graph.location}) has no {task} model"
            return selection
        if not ranked:
            selection.why = (f"no {task} model satisfies every constraint: {selection.unsatisfiable} removed the last "
                             f"candidates ({self._rejections(selection)})")
            return selection
        winner = _candidate(ranked[0])
        selection.model, selection.winner = winner.id, winner
        selection.alternatives = [_candidate(row) for row in ranked[1:]]
        selection.why = self._why(task, winner, constraints, spec.checks, funnel.admissible, selection)
        return selection

    @staticmethod
    def _rejections(selection: Selection) -> str:
        return "; ".join(f"{n} rejected: {label}" for label, n in selection.rejected_by.items()) or "none rejected"

    def _why(self, task: str, winner: Candidate, constraints: Constraints, checks: list[Check], admissible: int, selection: Selection,
             first: str = "") -> str:
        """Why the winner: the ranking's reason (after `first`, what put it before the others, when given), the
        constraints it satisfies and how many candidates each rejected."""
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
        if first:
            reason = f"{first}; of those whose card states it, {reason}"
        satisfied = f"; satisfies {', '.join(c.label for c in checks)}" if checks else ""
        return (f"{reason}{satisfied}; {admissible} of {selection.candidates} {task} models admissible"
                + (f" ({self._rejections(selection)})" if selection.rejected_by else ""))
