"""The planner orders tasks by data flow: given goal actions, it finds the order and the missing steps."""

from __future__ import annotations

from collections import Counter

import pytest

from hive.errors import HiveError, NoPlanError
from hive.planning.dag import plan_to_steps
from hive.planning.engines import ENGINES, get_engine
from hive.planning.library import load_library, merge_domains
from hive.planning.problem import build_problem
from hive.planning.validate import InvalidPlan, check_plan
from hive.request import GoalSpec, InputResource

from conftest import dev_set

BRIDGES = {"automatic-speech-recognition", "text-to-speech", "image-to-text", "text-to-image"}
# Chains of our own, so the test stands without the shared benchmark: (task, deps) per step.
OWN_CHAINS = [
    [("automatic-speech-recognition", []), ("summarization", [0]), ("text-to-image", [1])],
    [("image-to-text", []), ("translation", [0]), ("text-to-speech", [1])],
    [("text-to-image", []), ("image-segmentation", [0])],
    [("automatic-speech-recognition", []), ("token-classification", [0]), ("summarization", [0])],
    [("text-generation", []), ("text-to-video", [0])],
    [("text-to-speech", []), ("audio-to-audio", [0]), ("automatic-speech-recognition", [1])],
]


def _chains() -> list[list[tuple[str, list[int]]]]:
    chains = [c for c in OWN_CHAINS]
    for item in dev_set():
        if len(item["tasks"]) > 1:
            chains.append([(t["task"], t["dep"]) for t in item["tasks"]])
    return chains


def _shape(steps: list[tuple[str, list[int]]]) -> Counter:
    """Multiset of (task, sorted producer tasks): equal shapes = equal DAGs for these small plans."""
    return Counter((task, tuple(sorted(steps[d][0] for d in deps))) for task, deps in steps)


def _problem(library, chain, drop_bridge_root: bool = False):
    """Inputs of the right modality for every root task, and one goal per task (sources = deps)."""
    actions = library.actions
    domain_names = sorted({d for task, _ in chain for d in library.domains_of(task)} | {"audio", "image-to-text", "image-generation"})
    domain = merge_domains(library.get(domain_names))
    inputs, goals = [], []
    for task, deps in chain:
        action = actions[task]
        needed = action.input_modality(action.main_input)
        if deps:
            goals.append(GoalSpec(task=task, source=deps[0]))
            continue
        resource = InputResource(id=f"in{len(inputs)}", modalities=[needed], value=f"x.{needed}", kind="inline")
        inputs.append(resource)
        goals.append(GoalSpec(task=task, source=resource.id))
    for task, _deps in chain:
        for param, modality in actions[task].inputs[1:]:
            if not any(modality in r.modalities for r in inputs):
                inputs.append(InputResource(id=f"extra{len(inputs)}", modalities=[modality], value="v", kind="inline"))
    if drop_bridge_root:
        # The first step is a conversion; ask only for what comes after it and let the planner add it.
        root_source = goals[0].source
        goals = [g.model_copy(update={"source": _shift(g.source, root_source)}) for g in goals[1:]]
        # the root now reads the raw input, which needs the removed conversion first
        inputs = [r.model_copy(update={"modalities": [_input_of(library, chain[0][0])]}) if r.id == root_source else r for r in inputs]
    # Give the goals in reverse: the order must come from the planner, not from the list.
    order = list(reversed(range(len(goals))))
    position = {old: new for new, old in enumerate(order)}
    goals = [goals[i] for i in order]
    goals = [g.model_copy(update={"source": position[g.source]}) if isinstance(g.source, int) else g for g in goals]
    return domain, inputs, goals


def _shift(source, root_source):
    """Goal sources after the first goal is removed: 0 becomes the raw input, later ids move down."""
    if not isinstance(source, int):
        return source
    return root_source if source == 0 else source - 1


def _input_of(library, task):
    action = library.actions[task]
    return action.input_modality(action.main_input)


def _plan_shape(library, engine, chain, drop_bridge_root=False):
    domain, inputs, goals = _problem(library, chain, drop_bridge_root)
    problem = build_problem(domain, inputs, goals)
    planned = get_engine(engine)(domain, problem)
    check_plan(domain, problem, planned.steps)
    steps = plan_to_steps(domain, problem, planned.steps)
    for step in steps:
        assert all(d < step.id for d in step.dep), "steps must come after the steps they read"
    return _shape([(s.task, s.dep) for s in steps]), steps


@pytest.mark.parametrize("chain", _chains(), ids=lambda c: ">".join(t for t, _ in c))
def test_planner_finds_the_gold_order_from_shuffled_goals(library, chain):
    shape, _steps = _plan_shape(library, "pyperplan", chain)
    assert shape == _shape(chain)


def _round_trip(library, chain) -> bool:
    """Dropping the first conversion leaves a conversion back to what the input already is."""
    second = library.actions[chain[1][0]]
    return second.name in BRIDGES and _input_of(library, chain[0][0]) in second.output_modalities


BRIDGED = [c for c in _chains() if c[0][0] in BRIDGES and all(deps for _t, deps in c[1:])]


@pytest.mark.parametrize("chain", [c for c in BRIDGED if not _round_trip(load_library(), c)], ids=lambda c: ">".join(t for t, _ in c))
def test_planner_adds_the_missing_conversion_step(library, chain):
    shape, steps = _plan_shape(library, "pyperplan", chain, drop_bridge_root=True)
    assert shape == _shape(chain)
    added = [s for s in steps if not s.requested]
    assert [s.task for s in added] == [chain[0][0]]


@pytest.mark.parametrize("chain", [c for c in BRIDGED if _round_trip(load_library(), c)], ids=lambda c: ">".join(t for t, _ in c))
def test_a_conversion_back_to_what_the_input_already_is_is_refused(library, chain):
    """'Transcribe ./notes.txt' must not read the text aloud only to transcribe it again."""
    domain, inputs, goals = _problem(library, chain, drop_bridge_root=True)
    with pytest.raises(NoPlanError, match="there is nothing to convert"):
        build_problem(domain, inputs, goals)


@pytest.mark.parametrize("engine", list(ENGINES))
def test_every_engine_returns_a_valid_plan_of_the_same_shape(library, engine):
    for chain in OWN_CHAINS[:3]:
        shape, _steps = _plan_shape(library, engine, chain, drop_bridge_root=True)
        assert shape == _shape(chain)


def test_two_chains_from_two_inputs_stay_separate(library):
    domain = merge_domains(library.get(["audio", "summarisation", "image-to-text", "translation"]))
    inputs = [
        InputResource(id="audio0", modalities=["audio"], value="a.wav", kind="file"),
        InputResource(id="image0", modalities=["image"], value="b.png", kind="file"),
    ]
    goals = [
        GoalSpec(task="summarization", source="audio0"),
        GoalSpec(task="translation", source="image0"),
        GoalSpec(task="text-to-speech", source=0),
        GoalSpec(task="text-to-speech", source=1),
    ]
    problem = build_problem(domain, inputs, goals)
    planned = get_engine("pyperplan")(domain, problem)
    steps = plan_to_steps(domain, problem, planned.steps)

    def roots(step):
        if not step.dep:
            return set(step.args.values())
        return set().union(*(roots(steps[d]) for d in step.dep))

    speech = [s for s in steps if s.task == "text-to-speech"]
    assert sorted(len(roots(s)) for s in speech) == [1, 1]
    assert {next(iter(roots(s))) for s in speech} == {"a.wav", "b.png"}
    assert Counter(s.task for s in steps) == Counter(
        {"text-to-speech": 2, "automatic-speech-recognition": 1, "image-to-text": 1, "summarization": 1, "translation": 1}
    )


def test_a_bridge_that_repeats_a_requested_step_is_that_step(library):
    """image-to-image asked of a text needs a picture first: the text-to-image the request also asks for."""
    domain = merge_domains(library.get(["image-generation", "image-to-image"]))
    inputs = [InputResource(id="text0", modalities=["text"], value="a lighthouse at dusk", kind="inline")]
    goals = [GoalSpec(task="text-to-image", source="text0"), GoalSpec(task="image-to-image", source="text0")]
    problem = build_problem(domain, inputs, goals)
    steps = plan_to_steps(domain, problem, get_engine("pyperplan")(domain, problem).steps)
    assert [(s.id, s.task, s.dep, s.requested) for s in steps] == [(0, "text-to-image", [], True), (1, "image-to-image", [0], True)]


def test_independent_steps_share_a_stage(library):
    domain = merge_domains(library.get(["vision", "image-to-text"]))
    inputs = [InputResource(id="image0", modalities=["image"], value="x.png", kind="file")]
    goals = [GoalSpec(task=t, source="image0") for t in ("image-to-text", "object-detection", "depth-estimation")]
    problem = build_problem(domain, inputs, goals)
    steps = plan_to_steps(domain, problem, get_engine("pyperplan")(domain, problem).steps)
    assert {s.stage for s in steps} == {0}
    assert all(s.dep == [] and s.args == {"image": "x.png"} for s in steps)


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


def test_goals_that_contradict_each_other_have_no_plan(library):
    domain = merge_domains(library.get(["summarisation", "translation"]))
    inputs = [InputResource(id="text0", modalities=["text"], value="hi", kind="inline")]
    cycle = [GoalSpec(task="summarization", source=1), GoalSpec(task="translation", source=0)]
    with pytest.raises(NoPlanError):
        get_engine("pyperplan")(domain, build_problem(domain, inputs, cycle))


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


def test_unknown_engine_lists_the_known_ones():
    with pytest.raises(HiveError, match="unknown planner engine 'nope'; choose one of: pyperplan"):
        get_engine("nope")


def test_grounding_keeps_the_task_small(library):
    from hive.planning.grounding import ground

    domain = merge_domains(list(library.domains.values()))
    inputs = [InputResource(id="audio0", modalities=["audio"], value="a.wav", kind="file")]
    goals = [GoalSpec(task="summarization", source="audio0"), GoalSpec(task="text-to-image", source=0)]
    task = ground(domain, build_problem(domain, inputs, goals))
    assert len(task.operators) <= 12, [op.name for op in task.operators]


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


def test_a_search_past_its_time_limit_stops_with_one_line(monkeypatch):
    """The search is bounded in time whatever the request: past the limit, a one-line error, no plan."""
    from hive.pipeline import Planner
    from hive.planning import engines

    planner = Planner(select_models=False)
    assert planner.plan_or_error("Transcribe ./a.wav and summarise it").error is None
    monkeypatch.setattr(engines, "SEARCH_SECONDS", -1.0)
    result = planner.plan_or_error("Transcribe ./a.wav and summarise it")
    assert result.error.startswith("the planner's search ran past its limit") and "\n" not in result.error
