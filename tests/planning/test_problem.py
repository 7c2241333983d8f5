"""The planning problem built from the request (hive/planning/problem.py): goals it cannot reach are named."""

from __future__ import annotations

import pytest

from hive.errors import HiveError, NoPlanError
from hive.planning.library import merge_domains
from hive.planning.problem import build_problem
from hive.request import GoalSpec, InputResource


def test_an_unreachable_goal_names_the_missing_capability(library):
    domain = merge_domains(library.get(["vision", "audio"]))
    inputs = [InputResource(id="audio0", modalities=["audio"], value="a.wav", kind="file")]
    with pytest.raises(NoPlanError, match=r"'depth-estimation'.*needs image.*audio"):
        build_problem(domain, inputs, [GoalSpec(task="depth-estimation", source="audio0")])


def test_a_task_outside_the_selected_domains_is_named(library):
    domain = merge_domains(library.get(["audio"]))
    inputs = [InputResource(id="text0", modalities=["text"], value="hi", kind="inline")]
    with pytest.raises(HiveError, match="'summarization' is not in the selected domains"):
        build_problem(domain, inputs, [GoalSpec(task="summarization", source="text0")])
