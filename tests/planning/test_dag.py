"""A plan as a DAG of steps (hive/planning/dag.py): stages of independent steps, one order in every process."""

from __future__ import annotations

from hive.planning.dag import plan_to_steps
from hive.planning.engines import get_engine
from hive.planning.library import merge_domains
from hive.planning.problem import build_problem
from hive.request import GoalSpec, InputResource


def test_independent_steps_share_a_stage(library):
    domain = merge_domains(library.get(["vision", "image-to-text"]))
    inputs = [InputResource(id="image0", modalities=["image"], value="x.png", kind="file")]
    goals = [GoalSpec(task=t, source="image0") for t in ("image-to-text", "object-detection", "depth-estimation")]
    problem = build_problem(domain, inputs, goals)
    steps = plan_to_steps(domain, problem, get_engine("pyperplan")(domain, problem).steps)
    assert {s.stage for s in steps} == {0}
    assert all(s.dep == [] and s.args == {"image": "x.png"} for s in steps)


def test_plans_do_not_depend_on_the_process_hash_seed(tmp_path):
    """Planners break ties by set order, which follows Python's per-process string hashing; the DAG's
    canonical order makes every process (a Ray worker, a server thread, a re-run) give the same plan."""
    import json
    import subprocess
    import sys

    query = "Caption ./room.jpg, detect the objects in it, estimate its depth and read the caption out loud"
    plans = []
    for seed in ("1", "2", "3", "4"):
        answer = subprocess.run([sys.executable, "-m", "hive.cli", "plan", query, "--json"], capture_output=True, text=True,
                                env={**__import__("os").environ, "PYTHONHASHSEED": seed}, check=True)
        plans.append([(t["task"], t["dep"], t["args"]) for t in json.loads(answer.stdout)["tasks"]])
    assert all(plan == plans[0] for plan in plans)
    assert [task for task, _d, _a in plans[0]][:3] == ["image-to-text", "object-detection", "depth-estimation"]
