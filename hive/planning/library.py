"""The domain library: every `*.pddl` file shipped in `hive.domains`, and merging a selection of them."""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from hive.errors import HiveError
from hive.planning.domain import ActionSchema, Domain, parse_domain_text


def default_domain_dir() -> Path:
    """The installed domain library, or the source tree's `domains/` when run from a checkout."""
    try:
        return Path(str(importlib.resources.files("hive.domains")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "domains"


@dataclass
class DomainLibrary:
    """All domains of a library directory, by name."""

    domains: dict[str, Domain]

    @cached_property
    def merged(self) -> Domain:
        """Every domain of the library merged into one (built once)."""
        return merge_domains(list(self.domains.values()))

    @property
    def actions(self) -> dict[str, ActionSchema]:
        return {name: action for d in self.domains.values() for name, action in d.actions.items()}

    def domains_of(self, task: str) -> list[str]:
        return [d.name for d in self.domains.values() if task in d.actions]

    def get(self, names: list[str]) -> list[Domain]:
        unknown = [n for n in names if n not in self.domains]
        if unknown:
            raise HiveError(f"unknown domain(s) {', '.join(unknown)}; known: {', '.join(sorted(self.domains))}")
        return [self.domains[n] for n in names]


def load_library(directory: Path | None = None) -> DomainLibrary:
    """Parse every domain file of `directory` (default: the shipped library)."""
    directory = Path(directory) if directory else default_domain_dir()
    return _load(directory.resolve())


@lru_cache(maxsize=4)
def _load(directory: Path) -> DomainLibrary:
    files = sorted(directory.glob("*.pddl"))
    if not files:
        raise HiveError(f"no PDDL domains found in {directory}")
    domains: dict[str, Domain] = {}
    for path in files:
        domain = parse_domain_text(path.read_text(encoding="utf-8"), source=path)
        if domain.name in domains:
            raise HiveError(f"domain name '{domain.name}' is used by two files ({path.name})")
        domains[domain.name] = domain
    return DomainLibrary(domains)


def merge_domains(domains: list[Domain]) -> Domain:
    """Union of types, constants, predicates and actions; a conflicting definition is an error."""
    if not domains:
        raise HiveError("no domain selected: nothing to plan with")
    merged = Domain(name="merged-" + "-".join(d.name for d in domains))
    for domain in domains:
        for kind in ("types", "constants", "predicates", "actions"):
            target, source = getattr(merged, kind), getattr(domain, kind)
            for key, value in source.items():
                if key in target and target[key] != value:
                    raise HiveError(f"domains disagree on {kind[:-1]} '{key}' ({domain.name} vs an earlier one)")
                target[key] = value
    merged.description = "; ".join(d.description for d in domains if d.description)
    return merged
