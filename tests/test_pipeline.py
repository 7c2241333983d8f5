"""`hive plan --explain`: the plan's explanation names each step's rejected models; a plain plan does not judge them."""

from __future__ import annotations

from hive.contracts import ConstraintSet

LICENCE = ConstraintSet.parse({"licences": ["mit"]}, "test")


def test_an_explained_plan_names_each_rejected_model(planner):
    explained = planner.plan("Transcribe ./a.wav", constraints=LICENCE, explain=True)
    step = explained.tasks[0]
    rejected = explained.explanation.rejected[step.pipeline_tag]
    assert rejected and set(rejected.values()) == {"licence in MIT"}
    assert step.model not in rejected and f"{len(rejected)} rejected: licence in MIT" in step.why
    plain = planner.plan("Transcribe ./a.wav", constraints=LICENCE)
    assert plain.explanation.rejected == {} and plain.tasks[0].model == step.model
