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
