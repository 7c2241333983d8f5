"""A benchmark the request names is evidence of the task it asks for.

"Diseased or healthy? Use the classifier with the best accuracy on the beans dataset" reads as labels offered
(zero-shot image classification), yet only fixed-label image classifiers report results on beans. When no
model of a step's task has a result on the benchmark its constraint names, but models of another task the
detector also read the step as (at least CUE_FLOOR), or of another task of its family (classify, answer), do,
and that task reads no other kinds of input, the step is that task. When none of those does, but exactly one
task reading no other kinds of input has results on it, and the benchmark is the step's own (or the request's
only step's), the step is that task. A step's own benchmark that a reading of it reports, reading what an earlier
step makes, makes it that task reading that step ("transcribe ./vm.ogg, then tell me which emotion the words express;
the highest accuracy on the 'emotion' dataset" is a text classifier of the transcript, not an audio classifier).
This needs the graph, so the pipeline applies it only when it selects models.
"""

from __future__ import annotations

from typing import Any

from hive.errors import HiveError
from hive.planning.domain import Domain
from hive.request import GoalSpec
from hive.selection.constraints import Benchmark
from hive.selection.phrases import LOOSE
from hive.selection.vocabulary import Vocabulary
from hive.understanding.detector import CUE_FLOOR
from hive.understanding.families import FAMILIES, family_of


def confirmed_benchmarks(goals: list[GoalSpec], stated: dict[str, Any], domain: Domain,
                         vocabulary: Vocabulary | None) -> tuple[list[GoalSpec], dict[str, Any]]:
    """The goals and the request's constraints with each loose benchmark (a name in lower case: 'the best asr model
    on librispeech', 'the best model on the market') kept, unmarked, where the graph has results of a task it binds
    on it (the step's own; any step's for the request's), and dropped elsewhere, as words that name no dataset.
    Without a graph (`vocabulary` None) no loose benchmark holds."""
    def holds(wanted: dict[str, Any], tasks: list[str]) -> bool:
        return vocabulary is not None and any(
            task in domain.actions and _reported(vocabulary, domain.actions[task].pipeline_tag, wanted) for task in tasks)

    def settled(constraints: dict[str, Any], tasks: list[str]) -> dict[str, Any]:
        wanted = constraints.get("best_on")
        if not isinstance(wanted, dict) or not wanted.get(LOOSE):
            return constraints
        rest = {key: value for key, value in constraints.items() if key != "best_on"}
        return rest | ({"best_on": {k: v for k, v in wanted.items() if k != LOOSE}} if holds(wanted, tasks) else {})

    goals = [goal.model_copy(update={"constraints": settled(goal.constraints, [goal.task])}) for goal in goals]
    if "global" in stated:
        kept = settled(stated["global"], [goal.task for goal in goals])
        stated = {key: value for key, value in stated.items() if key != "global"} | ({"global": kept} if kept else {})
    return goals, stated


def names_a_benchmark(goals: list[GoalSpec], stated: dict[str, Any]) -> bool:
    """Whether the request binds any goal to a benchmark (else the graph need not be opened)."""
    return any(_benchmark_of(goal, stated) for goal in goals)


def tasks_their_benchmarks_name(goals: list[GoalSpec], stated: dict[str, Any], domain: Domain,
                                vocabulary: Vocabulary) -> list[GoalSpec]:
    """The goals, each whose benchmark only another of its readings has results on changed to that task."""
    changed = []
    for index, goal in enumerate(goals):
        wanted = _benchmark_of(goal, stated)
        if wanted is None or goal.task not in domain.actions or _reported(vocabulary, domain.actions[goal.task].pipeline_tag, wanted):
            changed.append(goal)
            continue
        read = [task for task, p in sorted(goal.readings.items(), key=lambda kv: -kv[1]) if p >= CUE_FLOOR]
        kin = [task for task in FAMILIES.get(family_of(goal.task), ()) if task not in read]
        alternatives = [task for task in read + kin if task != goal.task and _reads_no_more(domain, task, goal.task)]
        reported = next((task for task in alternatives if _reported(vocabulary, domain.actions[task].pipeline_tag, wanted)), None)
        if reported is None and (goal.constraints.get("best_on") or len(goals) == 1):
            reported = _only_task_reporting(wanted, goal.task, domain, vocabulary)
        if reported is None and goal.constraints.get("best_on") and (fed := _reading_an_earlier_output(
                [task for task in read + kin if task != goal.task], changed[:index], domain, vocabulary, wanted)):
            task, source = fed  # "transcribe it, then tell me which emotion the words express, best accuracy on 'emotion'"
            changed.append(goal.model_copy(update={"task": task, "source": source, "uses": []}))
            continue
        if reported is None:
            changed.append(goal)
        else:  # candidate labels are no input of a fixed-label classifier
            uses = goal.uses if len(domain.actions[reported].inputs) > 1 else []
            changed.append(goal.model_copy(update={"task": reported, "uses": uses}))
    return changed


def _reading_an_earlier_output(candidates: list[str], earlier: list[GoalSpec], domain: Domain, vocabulary: Vocabulary,
                               wanted: dict[str, Any]) -> tuple[str, int] | None:
    """A reading of the step, with results on the benchmark, that reads what an earlier step makes (the newest such
    step): the task and that step's index."""
    for task in candidates:
        if task not in domain.actions or not _reported(vocabulary, domain.actions[task].pipeline_tag, wanted):
            continue
        needs = {kind for _param, kind in domain.actions[task].inputs}
        makers = [i for i, goal in enumerate(earlier) if goal.task in domain.actions and needs <= set(domain.actions[goal.task].output_modalities)]
        if makers:
            return task, makers[-1]
    return None


def _only_task_reporting(wanted: dict[str, Any], task: str, domain: Domain, vocabulary: Vocabulary) -> str | None:
    """The one task reading no more than `task` whose models have results on the benchmark ('the best accuracy
    on the beans dataset' of a photo read as a caption: only image classifiers report beans), else None."""
    reporting = [other for other in domain.actions if other != task and _reads_no_more(domain, other, task)
                 and _reported(vocabulary, domain.actions[other].pipeline_tag, wanted)]
    return reporting[0] if len(reporting) == 1 else None


def _benchmark_of(goal: GoalSpec, stated: dict[str, Any]) -> dict[str, Any] | None:
    """The benchmark a goal is ranked on: its own, else the request's global one."""
    return goal.constraints.get("best_on") or (stated.get("global") or {}).get("best_on")


def _reads_no_more(domain: Domain, task: str, than: str) -> bool:
    """Whether a task reads only kinds of input that another reads (image classification, zero-shot's image)."""
    if task not in domain.actions:
        return False
    own = {kind for _param, kind in domain.actions[task].inputs}
    return bool(own) and own <= {kind for _param, kind in domain.actions[than].inputs}


def _reported(vocabulary: Vocabulary, task: str, wanted: dict[str, Any]) -> bool:
    try:
        vocabulary.benchmark(task, Benchmark(**{k: v for k, v in wanted.items() if k in Benchmark.model_fields}))
    except (HiveError, ValueError):
        return False
    return True
