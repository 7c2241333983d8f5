"""Replay a plan on its problem: every engine's answer is checked before HIVE uses it."""

from __future__ import annotations

from hive.planning.domain import Domain
from hive.planning.engines import PlanStep
from hive.planning.problem import PlanningProblem


class InvalidPlan(RuntimeError):
    """A planner engine returned a plan that does not work (an engine bug, not a user mistake)."""


def check_plan(domain: Domain, problem: PlanningProblem, steps: list[PlanStep]) -> None:
    """Apply each step from the initial state; raise `InvalidPlan` unless all goals hold at the end."""
    state = {atom.pddl() for atom in problem.init}
    for number, step in enumerate(steps):
        action = domain.actions.get(step.action)
        if action is None:
            raise InvalidPlan(f"step {number} uses unknown action {step.action}")
        missing = [a.ground(step.args).pddl() for a in action.preconditions if a.ground(step.args).pddl() not in state]
        if missing:
            raise InvalidPlan(f"step {number} ({step.action}) is not applicable: {', '.join(missing)} false")
        state -= {a.ground(step.args).pddl() for a in action.del_effects}
        state |= {a.ground(step.args).pddl() for a in action.add_effects}
    unmet = [a.pddl() for a in problem.goals if a.pddl() not in state]
    if unmet:
        raise InvalidPlan(f"the plan leaves goals unmet: {', '.join(unmet)}")
