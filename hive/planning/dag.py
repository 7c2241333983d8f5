"""Plan -> DAG: planner actions become steps with ids, dependencies, arguments and parallel stages."""

from __future__ import annotations

from hive.contracts import TaskStep
from hive.planning.domain import Domain
from hive.planning.engines import PlanStep
from hive.planning.problem import PlanningProblem, goal_slot


def resource_ref(step_id: int) -> str:
    """The HuggingGPT-style name of a step's output."""
    return f"<resource-{step_id}>"


def canonical_order(domain: Domain, problem: PlanningProblem, plan: list[PlanStep]) -> list[PlanStep]:
    """The plan's actions in one order that does not depend on the planner's tie-breaking (which follows
    Python's per-process string hashing): producers before consumers, and among steps ready together,
    the one serving the earliest goal of the request first, then by action name and arguments."""
    goal_index = {goal_slot(i): i for i in range(len(problem.goal_specs))}
    produced = {p.args[domain.actions[p.action].output_param]: n for n, p in enumerate(plan)}
    needs = {n: {produced[p.args[param]] for param, _m in domain.actions[p.action].inputs if p.args[param] in produced}
             for n, p in enumerate(plan)}
    serves = {n: goal_index.get(p.args[domain.actions[p.action].output_param], len(goal_index)) for n, p in enumerate(plan)}
    for n in reversed(range(len(plan))):  # a step serves every goal its consumers serve
        for needed in needs[n]:
            serves[needed] = min(serves[needed], serves[n])
    order: list[int] = []
    while len(order) < len(plan):
        ready = [n for n in range(len(plan)) if n not in order and needs[n] <= set(order)]
        order.append(min(ready, key=lambda n: (serves[n], plan[n].action, sorted(plan[n].args.items()))))
    return [plan[n] for n in order]


def plan_to_steps(domain: Domain, problem: PlanningProblem, plan: list[PlanStep]) -> list[TaskStep]:
    """Number the plan's actions (in canonical order), link each input to the step that produced it, and
    assign stages. An action that repeats an earlier step (same task, same arguments: a bridge the planner
    added beside the same requested step) is that step."""
    producer: dict[str, int] = {}
    goal_of_slot = {goal_slot(i): goal for i, goal in enumerate(problem.goal_specs)}
    steps: list[TaskStep] = []
    for planned in canonical_order(domain, problem, plan):
        step_id = len(steps)
        action = domain.actions[planned.action]
        args: dict[str, str | list | dict] = {}
        deps: list[int] = []
        for param, _modality in action.inputs:
            obj = planned.args[param]
            if obj in producer:
                args[param[1:]] = resource_ref(producer[obj])
                deps.append(producer[obj])
            else:
                args[param[1:]] = problem.inputs[obj].value
        out = planned.args[action.output_param]
        language = goal_of_slot[out].language if out in goal_of_slot else None
        twin = next((step for step in steps if step.task == action.name and step.args == args and step.language in (None, language)), None)
        if twin is not None:
            producer[out] = twin.id
            if out in goal_of_slot and not twin.requested:
                twin.requested, twin.confidence = True, goal_of_slot[out].confidence
            continue
        producer[out] = step_id
        deps = sorted(set(deps))
        stage = 1 + max((steps[d].stage for d in deps), default=-1)
        steps.append(
            TaskStep(
                id=step_id,
                task=action.name,
                pipeline_tag=action.pipeline_tag,
                dep=deps,
                args=args,
                outputs=action.output_modalities,
                stage=stage,
                requested=out in goal_of_slot,
                confidence=goal_of_slot[out].confidence if out in goal_of_slot else None,
                language=language,
            )
        )
    return steps


def parallel_groups(steps: list[TaskStep]) -> list[list[int]]:
    """Step ids grouped by stage: every group can run at once once the previous groups are done."""
    groups: dict[int, list[int]] = {}
    for step in steps:
        groups.setdefault(step.stage, []).append(step.id)
    return [groups[k] for k in sorted(groups)]
