"""The planner end to end (problem -> engine -> check -> DAG) on chains of tasks: given goal actions in any
order, it finds the order by data flow and adds the missing conversion steps."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from hive.errors import NoPlanError
from hive.planning.dag import plan_to_steps
from hive.planning.engines import ENGINES, get_engine
from hive.planning.library import load_library, merge_domains
from hive.planning.problem import build_problem
from hive.planning.validate import check_plan
from hive.request import GoalSpec, InputResource


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


def _development_chains(shared: Path) -> list[list[tuple[str, list[int]]]]:
    """The chains of two steps or more of the development set (`../shared/bench/muse-dev.jsonl`)."""
    items = [json.loads(line) for line in (shared / "bench" / "muse-dev.jsonl").read_text().splitlines() if line.strip()]
    return [[(t["task"], t["dep"]) for t in item["tasks"]] for item in items if len(item["tasks"]) > 1]


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


def _finds_the_gold_order(library, chain) -> None:
    shape, _steps = _plan_shape(library, "pyperplan", chain)
    assert shape == _shape(chain), chain


@pytest.mark.parametrize("chain", OWN_CHAINS, ids=lambda c: ">".join(t for t, _ in c))
def test_planner_finds_the_gold_order_from_shuffled_goals(library, chain):
    _finds_the_gold_order(library, chain)


def test_planner_finds_the_gold_order_of_every_development_set_chain(library, shared):
    for chain in _development_chains(shared):
        _finds_the_gold_order(library, chain)


def _round_trip(library, chain) -> bool:
    """Dropping the first conversion leaves a conversion back to what the input already is."""
    second = library.actions[chain[1][0]]
    return second.name in BRIDGES and _input_of(library, chain[0][0]) in second.output_modalities


def _bridged(library, chains, round_trip: bool) -> list[list[tuple[str, list[int]]]]:
    """The chains that start with a conversion the planner can add, with (or without) a conversion back after it."""
    return [c for c in chains if c[0][0] in BRIDGES and all(deps for _t, deps in c[1:]) and _round_trip(library, c) == round_trip]


def _adds_the_missing_conversion_step(library, chain) -> None:
    shape, steps = _plan_shape(library, "pyperplan", chain, drop_bridge_root=True)
    assert shape == _shape(chain), chain
    added = [s for s in steps if not s.requested]
    assert [s.task for s in added] == [chain[0][0]], chain


@pytest.mark.parametrize("chain", _bridged(load_library(), OWN_CHAINS, round_trip=False), ids=lambda c: ">".join(t for t, _ in c))
def test_planner_adds_the_missing_conversion_step(library, chain):
    _adds_the_missing_conversion_step(library, chain)


def test_planner_adds_the_missing_conversion_step_of_every_development_set_chain(library, shared):
    for chain in _bridged(library, _development_chains(shared), round_trip=False):
        _adds_the_missing_conversion_step(library, chain)


def test_a_conversion_back_to_what_the_input_already_is_is_refused(library, shared):
    """'Transcribe ./notes.txt' must not read the text aloud only to transcribe it again."""
    chains = _bridged(library, _development_chains(shared), round_trip=True)
    assert chains  # the development set has such chains
    for chain in chains:
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
