"""HIVE's own grounding (hive/planning/grounding.py) keeps the planning task small."""

from __future__ import annotations

from hive.planning.library import merge_domains
from hive.planning.problem import build_problem
from hive.request import GoalSpec, InputResource


def test_grounding_keeps_the_task_small(library):
    from hive.planning.grounding import ground

    domain = merge_domains(list(library.domains.values()))
    inputs = [InputResource(id="audio0", modalities=["audio"], value="a.wav", kind="file")]
    goals = [GoalSpec(task="summarization", source="audio0"), GoalSpec(task="text-to-image", source=0)]
    task = ground(domain, build_problem(domain, inputs, goals))
    assert len(task.operators) <= 12, [op.name for op in task.operators]
