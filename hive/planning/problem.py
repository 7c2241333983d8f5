"""Problem reconstruction: the user's inputs and goals become one PDDL problem over a merged domain.

Objects: one per input resource, one output slot per goal (`g0`, `g1`, ...) and one scratch slot
(`s0`, ...) per (source, missing modality) for a conversion the planner adds on its own. A goal
slot accepts only its own task; a scratch slot accepts only the bridge actions that turn the
source's modality into the missing one (static `may-hold` facts).

Goals: `(made-by g T)`, and `(uses g A)` when the source A already has the modality T reads, else
`(uses g s)` + `(uses s A)`: T must read a conversion of A itself, never another goal's output that
happens to derive from A. Goals sharing a source and a missing modality share the conversion.
The planner decides which actions fill the slots and in which order they run.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from hive.errors import HiveError, NoPlanError
from hive.planning.domain import ActionSchema, Atom, Domain
from hive.request import GoalSpec, InputResource

RESOURCE_TYPE = "resource"
# The planner may add at most this many steps in front of one requested task. One step covers every
# sensible conversion (speech -> text, text -> speech, image -> text, text -> image); longer chains
# such as audio -> text -> image -> depth map are more likely a misunderstanding than a wish.
MAX_BRIDGE_STEPS = 1


def goal_slot(index: int) -> str:
    return f"g{index}"


@dataclass
class PlanningProblem:
    """A grounded problem statement plus the bookkeeping needed to read its plan back."""

    name: str
    objects: dict[str, str]
    init: set[Atom]
    goals: list[Atom]
    inputs: dict[str, InputResource] = field(default_factory=dict)
    goal_specs: list[GoalSpec] = field(default_factory=list)

    @property
    def step_slots(self) -> int:
        """How many steps a plan may have: one per requested task and per conversion in front of one."""
        return len(self.objects) - len(self.inputs)


def build_problem(domain: Domain, inputs: list[InputResource], goals: list[GoalSpec], name: str = "request") -> PlanningProblem:
    """Build the problem; raise a one-line error naming the first goal that cannot be reached."""
    if not goals:
        raise HiveError("no goal task given: nothing to plan")
    by_id = {r.id: r for r in inputs}
    clashes = sorted(set(by_id) & set(domain.constants))
    if clashes:
        raise HiveError(f"input id(s) {', '.join(clashes)} clash with names the domains use; rename the input(s)")
    objects = {r.id: RESOURCE_TYPE for r in inputs}
    init: set[Atom] = set()
    for resource in inputs:
        init.add(Atom("from", (resource.id, resource.id)))
        init.update(Atom("has", (resource.id, m)) for m in resource.modalities)
    targets: list[Atom] = []
    scratch: dict[tuple[str | None, str], str] = {}
    for index, goal in enumerate(goals):
        if goal.task not in domain.actions:
            raise HiveError(f"task '{goal.task}' is not in the selected domains; add the domain that offers it")
        action = domain.actions[goal.task]
        slot = goal_slot(index)
        objects[slot] = RESOURCE_TYPE
        init.update({Atom("fresh", (slot,)), Atom("from", (slot, slot)), Atom("may-hold", (slot, goal.task))})
        targets.append(Atom("made-by", (slot, goal.task)))
        _check_secondary_inputs(action, domain, inputs, goals)
        bridges, length = bridges_for(domain, goal, goals, by_id)
        anchor = None if goal.source is None else _anchor(goal.source, by_id, len(goals))
        if length:
            key = (anchor, action.input_modality(action.main_input))
            if key not in scratch:
                scratch[key] = f"s{len(scratch)}"
                objects[scratch[key]] = RESOURCE_TYPE
                init.add(Atom("fresh", (scratch[key],)))
                init.update(Atom("may-hold", (scratch[key], bridge)) for bridge in sorted(bridges))
                if anchor is not None:
                    targets.append(Atom("uses", (scratch[key], anchor)))
            targets.append(Atom("uses", (slot, scratch[key])))
        elif anchor is not None:
            targets.append(Atom("uses", (slot, anchor)))
        for used in goal.uses:
            if isinstance(used, str) and used not in by_id:
                raise HiveError(f"goal '{goal.task}' uses unknown input '{used}'")
            targets.append(Atom("uses", (slot, _anchor(used, by_id, len(goals)))))
    return PlanningProblem(name, objects, init, targets, by_id, list(goals))


def _check_secondary_inputs(action: ActionSchema, domain: Domain, inputs: list[InputResource], goals: list[GoalSpec]) -> None:
    """A task that also reads a question, labels or a second text needs one in the request."""
    available = {m for r in inputs for m in r.modalities}
    available |= {m for g in goals if g.task in domain.actions for m in domain.actions[g.task].output_modalities}
    for param, modality in action.inputs:
        if param != action.main_input and modality not in available:
            raise NoPlanError(f"'{action.name}' also needs a {modality} input ({param[1:]}) and the request gives none")


def _source_modalities(goal: GoalSpec, goals: list[GoalSpec], domain: Domain, inputs: dict[str, InputResource]) -> set[str]:
    if goal.source is None:
        return {m for r in inputs.values() for m in r.modalities} | {
            m for g in goals if g is not goal and g.task in domain.actions for m in domain.actions[g.task].output_modalities
        }
    if isinstance(goal.source, int):
        source_task = goals[goal.source].task
        return set(domain.actions[source_task].output_modalities) if source_task in domain.actions else set()
    return set(inputs[goal.source].modalities)


def bridges_for(domain: Domain, goal: GoalSpec, goals: list[GoalSpec], inputs: dict[str, InputResource]) -> tuple[set[str], int]:
    """Bridge actions on every shortest path from the goal's source to its task's main input, and the length."""
    action = domain.actions[goal.task]
    needed = action.input_modality(action.main_input)
    start = _source_modalities(goal, goals, domain, inputs)
    if needed in start:
        return set(), 0
    made = set(action.output_modalities) & start
    if action in domain.bridges and made:
        have = " or ".join(sorted(made))
        raise NoPlanError(
            f"'{goal.task}' turns {needed} into {have}, and its input is already {have}: there is nothing to "
            f"convert (say what to do with the {have}, or give {'an' if needed[0] in 'aeiou' else 'a'} {needed} input)"
        )
    distance, via = _bridge_search(domain.bridges, start)
    if distance.get(needed, MAX_BRIDGE_STEPS + 1) > MAX_BRIDGE_STEPS:
        have = " or ".join(sorted(start)) or "nothing"
        raise NoPlanError(
            f"cannot plan '{goal.task}': it needs {needed} and its input is {have}; no selected domain has "
            f"an action that turns {have} into {needed} in one step (give a {needed} input, or ask for the steps)"
        )
    on_path: set[str] = set()
    frontier = [needed]
    while frontier:
        modality = frontier.pop()
        for bridge in via.get(modality, []):
            if bridge.name not in on_path:
                on_path.add(bridge.name)
                frontier.append(bridge.input_modality(bridge.main_input))
    return on_path, distance[needed]


def _bridge_search(bridges: list[ActionSchema], start: set[str]) -> tuple[dict[str, int], dict[str, list[ActionSchema]]]:
    """Breadth-first search over modalities; `via[m]` lists the bridges that reach m on a shortest path."""
    distance = {m: 0 for m in start}
    via: dict[str, list[ActionSchema]] = {}
    queue = deque(start)
    while queue:
        modality = queue.popleft()
        for bridge in bridges:
            if bridge.input_modality(bridge.main_input) != modality:
                continue
            for out in bridge.output_modalities:
                if out not in distance:
                    distance[out] = distance[modality] + 1
                    queue.append(out)
                if distance[out] == distance[modality] + 1:
                    via.setdefault(out, []).append(bridge)
    return distance, via


def _anchor(source: str | int, inputs: dict[str, InputResource], goal_count: int) -> str:
    if isinstance(source, int):
        if not 0 <= source < goal_count:
            raise HiveError(f"goal source {source} does not name another goal")
        return goal_slot(source)
    if source not in inputs:
        raise HiveError(f"goal source '{source}' is not an input resource")
    return source
