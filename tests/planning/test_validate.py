"""Plans replayed and checked (hive/planning/validate.py)."""

from __future__ import annotations

import pytest

from hive.planning.engines import get_engine
from hive.planning.library import merge_domains
from hive.planning.problem import build_problem
from hive.planning.validate import InvalidPlan, check_plan
from hive.request import GoalSpec, InputResource


def test_plan_validation_rejects_a_plan_in_the_wrong_order(library):
    domain = merge_domains(library.get(["audio", "summarisation"]))
    inputs = [InputResource(id="audio0", modalities=["audio"], value="a.wav", kind="file")]
    problem = build_problem(domain, inputs, [GoalSpec(task="summarization", source="audio0")])
    good = get_engine("pyperplan")(domain, problem).steps
    check_plan(domain, problem, good)
    with pytest.raises(InvalidPlan, match="not applicable"):
        check_plan(domain, problem, list(reversed(good)))
    with pytest.raises(InvalidPlan, match="unmet"):
        check_plan(domain, problem, good[:1])
