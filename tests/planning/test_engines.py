"""The planner engines (hive/planning/engines.py): unknown names, goals with no plan, the search's time limit."""

from __future__ import annotations

import pytest

from hive.errors import HiveError, NoPlanError
from hive.planning.engines import get_engine
from hive.planning.library import merge_domains
from hive.planning.problem import build_problem
from hive.request import GoalSpec, InputResource


def test_goals_that_contradict_each_other_have_no_plan(library):
    domain = merge_domains(library.get(["summarisation", "translation"]))
    inputs = [InputResource(id="text0", modalities=["text"], value="hi", kind="inline")]
    cycle = [GoalSpec(task="summarization", source=1), GoalSpec(task="translation", source=0)]
    with pytest.raises(NoPlanError):
        get_engine("pyperplan")(domain, build_problem(domain, inputs, cycle))


def test_unknown_engine_lists_the_known_ones():
    with pytest.raises(HiveError, match="unknown planner engine 'nope'; choose one of: pyperplan"):
        get_engine("nope")


def test_a_search_past_its_time_limit_stops_with_one_line(monkeypatch):
    """The search is bounded in time whatever the request: past the limit, a one-line error, no plan."""
    from hive.pipeline import Planner
    from hive.planning import engines

    planner = Planner(select_models=False)
    assert planner.plan_or_error("Transcribe ./a.wav and summarise it").error is None
    monkeypatch.setattr(engines, "SEARCH_SECONDS", -1.0)
    result = planner.plan_or_error("Transcribe ./a.wav and summarise it")
    assert result.error.startswith("the planner's search ran past its limit") and "\n" not in result.error


TIE_PROGRAM = """
from hive.planning.engines import get_engine
from hive.planning.library import load_library, merge_domains
from hive.planning.problem import build_problem
from hive.request import GoalSpec, InputResource

domain = merge_domains(load_library().get(["translation", "classification", "audio"]))
inputs = [InputResource(id="text0", modalities=["text"], value="hi", kind="inline")]
goals = [GoalSpec(task="translation", source="text0"), GoalSpec(task="text-to-speech", source=0),
         GoalSpec(task="text-classification")]
print([(s.action, sorted(s.args.items())) for s in get_engine("pyperplan")(domain, build_problem(domain, inputs, goals)).steps])
"""


def test_a_tie_between_equally_short_plans_does_not_follow_the_string_hash_seed():
    """The classifier may read the input or the translation; whichever, every process must choose the same."""
    import os
    import subprocess
    import sys

    plans = set()
    for seed in range(8):
        env = {**os.environ, "PYTHONHASHSEED": str(seed)}
        run = subprocess.run([sys.executable, "-c", TIE_PROGRAM], env=env, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        plans.add(run.stdout)
    assert len(plans) == 1, plans
