"""Render domains and problems as PDDL text (for `--explain`, reports and external planners)."""

from __future__ import annotations

from collections import defaultdict

from hive.planning.domain import ActionSchema, Atom, Domain
from hive.planning.problem import PlanningProblem


def _typed_list(names_to_types: dict[str, str]) -> str:
    groups: dict[str, list[str]] = defaultdict(list)
    for name, type_name in names_to_types.items():
        groups[type_name].append(name)
    return " ".join(f"{' '.join(names)} - {type_name}" if type_name else " ".join(names) for type_name, names in groups.items())


def _conjunction(atoms: list[str]) -> str:
    return atoms[0] if len(atoms) == 1 else "(and " + " ".join(atoms) + ")"


def action_pddl(action: ActionSchema) -> str:
    params = " ".join(f"{name} - {type_name}" for name, type_name in action.parameters)
    effects = [a.pddl() for a in action.add_effects] + [f"(not {a.pddl()})" for a in action.del_effects]
    return (
        f"  (:action {action.name}\n"
        f"   :parameters ({params})\n"
        f"   :precondition {_conjunction([a.pddl() for a in action.preconditions])}\n"
        f"   :effect {_conjunction(effects)})"
    )


def domain_pddl(domain: Domain) -> str:
    predicates = " ".join(
        "(" + " ".join([name] + [f"?x{i} - {t}" for i, t in enumerate(types)]) + ")"
        for name, types in domain.predicates.items()
    )
    parts = [
        f"(define (domain {domain.name})",
        "  (:requirements :strips :typing)",
        f"  (:types {_typed_list(domain.types)})",
        f"  (:constants {_typed_list(domain.constants)})",
        f"  (:predicates {predicates})",
        *(action_pddl(a) for a in domain.actions.values()),
        ")",
    ]
    return "\n".join(parts) + "\n"


def problem_pddl(problem: PlanningProblem, domain: Domain) -> str:
    init = "\n    ".join(a.pddl() for a in sorted(problem.init, key=Atom.pddl))
    goal = "\n    ".join(a.pddl() for a in problem.goals)
    return (
        f"(define (problem {problem.name})\n"
        f"  (:domain {domain.name})\n"
        f"  (:objects {_typed_list(problem.objects)})\n"
        f"  (:init\n    {init})\n"
        f"  (:goal (and\n    {goal})))\n"
    )
