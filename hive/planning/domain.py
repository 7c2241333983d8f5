"""The planning model HIVE works on: typed STRIPS domains read from the PDDL library.

PDDL files are parsed by pyperplan's parser; the `;; @domain` and `;; @action` notes that carry
descriptions, bridge marks and pipeline tags are read from the file's comments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pyperplan.pddl.parser import Parser

from hive.errors import HiveError

OUTPUT_MARK = "fresh"
MODALITY_PREDICATE = "has"
ANCHOR_PREDICATE = "from"

_DOMAIN_NOTE = re.compile(r"^\s*;;\s*@domain\s+(?P<text>.+?)\s*$", re.M)
_ACTION_NOTE = re.compile(
    r"^\s*;;\s*@action\s+(?P<name>[\w-]+)(?P<flags>(?:\s+[\w=-]+)*)\s+--\s+(?P<text>.+?)\s*$", re.M
)


@dataclass(frozen=True)
class Atom:
    """A predicate applied to variables (`?x`) or object names."""

    predicate: str
    args: tuple[str, ...]

    def ground(self, binding: dict[str, str]) -> "Atom":
        return Atom(self.predicate, tuple(binding.get(a, a) for a in self.args))

    def pddl(self) -> str:
        return f"({' '.join((self.predicate, *self.args))})"


@dataclass(frozen=True)
class ActionSchema:
    """One AI task as a STRIPS action schema, with the notes the loader read for it."""

    name: str
    parameters: tuple[tuple[str, str], ...]
    preconditions: tuple[Atom, ...]
    add_effects: tuple[Atom, ...]
    del_effects: tuple[Atom, ...]
    description: str = ""
    bridge: bool = False
    pipeline_tag: str = ""
    domain: str = ""

    @property
    def output_param(self) -> str:
        """The parameter the action writes its new resource into."""
        return next(a.args[0] for a in self.preconditions if a.predicate == OUTPUT_MARK)

    @property
    def inputs(self) -> list[tuple[str, str]]:
        """(parameter, modality) for every resource the action reads, in parameter order."""
        return [(a.args[0], a.args[1]) for a in self.preconditions if a.predicate == MODALITY_PREDICATE]

    @property
    def main_input(self) -> str:
        """The input whose provenance the output inherits."""
        return next(a.args[0] for a in self.preconditions if a.predicate == ANCHOR_PREDICATE)

    @property
    def output_modalities(self) -> list[str]:
        out = self.output_param
        return [a.args[1] for a in self.add_effects if a.predicate == MODALITY_PREDICATE and a.args[0] == out]

    def input_modality(self, param: str) -> str:
        return dict(self.inputs)[param]


@dataclass
class Domain:
    """A typed STRIPS domain: one library file, or the merge of several."""

    name: str
    description: str = ""
    types: dict[str, str] = field(default_factory=dict)
    constants: dict[str, str] = field(default_factory=dict)
    predicates: dict[str, tuple[str, ...]] = field(default_factory=dict)
    actions: dict[str, ActionSchema] = field(default_factory=dict)
    source: Path | None = None

    @cached_property
    def static_predicates(self) -> frozenset[str]:
        """Predicates no action changes: their truth comes from the problem alone."""
        changed = {a.predicate for act in self.actions.values() for a in act.add_effects + act.del_effects}
        return frozenset(set(self.predicates) - changed)

    @property
    def bridges(self) -> list[ActionSchema]:
        return [a for a in self.actions.values() if a.bridge]

    def subtypes(self, type_name: str) -> set[str]:
        """`type_name` and every type below it."""
        found = {type_name}
        changed = True
        while changed:
            changed = False
            for child, parent in self.types.items():
                if parent in found and child not in found:
                    found.add(child)
                    changed = True
        return found


def _atom(predicate) -> Atom:
    return Atom(predicate.name, tuple(name for name, _types in predicate.signature))


def _single_type(types: tuple) -> str:
    if len(types) != 1:
        raise HiveError(f"either-types are not supported in the domain library: {types}")
    return types[0].name


def parse_domain_text(text: str, source: Path | None = None) -> Domain:
    """Parse one PDDL domain (with HIVE's notes) into a `Domain`."""
    parser = Parser(None)
    parser.domInput = text
    where = source or "<text>"
    try:
        parsed = parser.parse_domain(read_from_file=False)
    except Exception as exc:  # pyperplan raises bare errors with terse messages
        raise HiveError(f"cannot parse PDDL domain {where}: {exc}") from exc
    notes = {m["name"]: m for m in _ACTION_NOTE.finditer(text)}
    domain_note = _DOMAIN_NOTE.search(text)
    domain = Domain(
        name=parsed.name,
        description=domain_note["text"] if domain_note else "",
        types={n: (t.parent.name if t.parent else "") for n, t in parsed.types.items() if n != "object"},
        constants={n: t.name for n, t in parsed.constants.items()},
        predicates={p.name: tuple(_single_type(ts) for _n, ts in p.signature) for p in parsed.predicates.values()},
        source=source,
    )
    for action in parsed.actions.values():
        note = notes.get(action.name)
        flags = dict(
            (flag.split("=", 1) + [""])[:2] for flag in (note["flags"].split() if note else [])
        )
        domain.actions[action.name] = ActionSchema(
            name=action.name,
            parameters=tuple((name, _single_type(types)) for name, types in action.signature),
            preconditions=tuple(_atom(p) for p in action.precondition),
            add_effects=tuple(sorted((_atom(p) for p in action.effect.addlist), key=Atom.pddl)),
            del_effects=tuple(sorted((_atom(p) for p in action.effect.dellist), key=Atom.pddl)),
            description=note["text"] if note else "",
            bridge="bridge" in flags,
            pipeline_tag=flags.get("pipeline") or action.name,
            domain=parsed.name,
        )
    return domain
