"""Grounding: a lifted domain + problem -> a small propositional STRIPS task.

Operators are instantiated by a relaxed reachability fix-point (only bindings whose preconditions can
become true are kept), static facts are compiled away, and a backward relevance pass drops operators
that cannot contribute to a goal. On HIVE's requests this leaves tens of operators, which is what
makes planning take milliseconds.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from hive.planning.domain import ActionSchema, Atom, Domain
from hive.planning.problem import PlanningProblem


@dataclass(frozen=True)
class GroundOperator:
    """One action with all parameters bound."""

    action: str
    binding: tuple[tuple[str, str], ...]
    preconditions: frozenset[str]
    add_effects: frozenset[str]
    del_effects: frozenset[str]

    @property
    def name(self) -> str:
        return "(" + " ".join([self.action, *(obj for _var, obj in self.binding)]) + ")"

    @property
    def args(self) -> dict[str, str]:
        return dict(self.binding)


@dataclass
class GroundTask:
    """A propositional STRIPS task, facts written as PDDL atoms."""

    name: str
    facts: frozenset[str]
    initial_state: frozenset[str]
    goals: frozenset[str]
    operators: list[GroundOperator]
    static_facts: frozenset[str]


def _objects_by_type(domain: Domain, problem: PlanningProblem) -> dict[str, list[str]]:
    everything = {**domain.constants, **problem.objects}
    by_type: dict[str, list[str]] = defaultdict(list)
    for type_name in set(domain.types) | set(everything.values()):
        for obj, obj_type in everything.items():
            if obj_type in domain.subtypes(type_name):
                by_type[type_name].append(obj)
    return by_type


class _FactIndex:
    """Reached facts, looked up by predicate and by (predicate, position, object)."""

    def __init__(self) -> None:
        self.by_predicate: dict[str, set[tuple[str, ...]]] = defaultdict(set)
        self.by_argument: dict[tuple[str, int, str], set[tuple[str, ...]]] = defaultdict(set)

    def add(self, predicate: str, args: tuple[str, ...]) -> bool:
        """Add a fact; return whether it was new."""
        if args in self.by_predicate[predicate]:
            return False
        self.by_predicate[predicate].add(args)
        for position, obj in enumerate(args):
            self.by_argument[(predicate, position, obj)].add(args)
        return True

    def candidates(self, atom: Atom, binding: dict[str, str]) -> set[tuple[str, ...]]:
        """Facts that can match `atom` under `binding`, narrowed by its most selective known argument."""
        best = self.by_predicate.get(atom.predicate, set())
        for position, term in enumerate(atom.args):
            value = binding.get(term, term) if term.startswith("?") else term
            if not value.startswith("?"):
                narrowed = self.by_argument.get((atom.predicate, position, value), set())
                if len(narrowed) < len(best):
                    best = narrowed
        return best


def _bindings(action: ActionSchema, facts: _FactIndex, by_type: dict[str, list[str]]) -> list[dict[str, str]]:
    """Every binding of the action's parameters whose preconditions all hold in `facts` (a join)."""
    param_types = dict(action.parameters)
    # Static and constant-carrying preconditions first: they bind the output slot and modality cheaply.
    order = sorted(action.preconditions, key=lambda a: (len(facts.by_predicate.get(a.predicate, ())), len(a.args)))
    partial: list[dict[str, str]] = [{}]
    for atom in order:
        extended = []
        for binding in partial:
            for fact in facts.candidates(atom, binding):
                new = dict(binding)
                if all(_unify(term, value, new, param_types, by_type) for term, value in zip(atom.args, fact)):
                    extended.append(new)
        partial = extended
        if not partial:
            return []
    free = [p for p, _t in action.parameters if p not in partial[0]]
    for param in free:
        partial = [dict(b, **{param: obj}) for b in partial for obj in by_type.get(param_types[param], [])]
    return partial


def _unify(term: str, value: str, binding: dict[str, str], types: dict[str, str], by_type) -> bool:
    if not term.startswith("?"):
        return term == value
    if term in binding:
        return binding[term] == value
    if value not in by_type.get(types[term], ()):
        return False
    binding[term] = value
    return True


def ground(domain: Domain, problem: PlanningProblem) -> GroundTask:
    """Ground `problem` over `domain` with reachability and relevance pruning."""
    by_type = _objects_by_type(domain, problem)
    reached = _FactIndex()
    for atom in problem.init:
        reached.add(atom.predicate, atom.args)
    operators: dict[str, GroundOperator] = {}
    changed = True
    while changed:
        changed = False
        for action in domain.actions.values():
            for binding in _bindings(action, reached, by_type):
                op = _instantiate(action, binding, domain)
                if op.name in operators:
                    continue
                operators[op.name] = op
                for atom in action.add_effects:
                    changed |= reached.add(atom.predicate, atom.ground(binding).args)
    init = {a.pddl() for a in problem.init}
    static = frozenset(f for f in init if f[1:].split(" ", 1)[0].rstrip(")") in domain.static_predicates)
    goals = frozenset(a.pddl() for a in problem.goals)
    relevant_ops = _relevant(list(operators.values()), goals, static)
    facts = set(goals) | (init - static)
    for op in relevant_ops:
        facts |= op.preconditions | op.add_effects | op.del_effects
    return GroundTask(problem.name, frozenset(facts), frozenset(init - static), goals, relevant_ops, static)


def _instantiate(action: ActionSchema, binding: dict[str, str], domain: Domain) -> GroundOperator:
    def facts(atoms, keep_static: bool) -> frozenset[str]:
        return frozenset(a.ground(binding).pddl() for a in atoms if keep_static or a.predicate not in domain.static_predicates)

    return GroundOperator(
        action=action.name,
        binding=tuple((p, binding[p]) for p, _t in action.parameters),
        preconditions=facts(action.preconditions, keep_static=False),
        add_effects=facts(action.add_effects, keep_static=True),
        del_effects=facts(action.del_effects, keep_static=True),
    )


def _relevant(operators: list[GroundOperator], goals: frozenset[str], static: frozenset[str]) -> list[GroundOperator]:
    """Operators that add a fact some goal (transitively) needs, in a stable order."""
    needed = set(goals)
    keep: set[str] = set()
    changed = True
    while changed:
        changed = False
        for op in operators:
            if op.name not in keep and op.add_effects & needed:
                keep.add(op.name)
                needed |= op.preconditions
                changed = True
    return sorted((op for op in operators if op.name in keep), key=lambda op: op.name)
