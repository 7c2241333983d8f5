"""Map a plan step's arguments onto a snippet's parameters when the names differ (the paper's
"similarity mapping"): the exact name, then known synonyms (`mapping.yaml`), then string similarity."""

from __future__ import annotations

import difflib
from functools import lru_cache
from importlib import resources

import yaml

from hive.errors import HiveError

SIMILAR_ENOUGH = 0.6


@lru_cache(maxsize=1)
def _synonyms() -> dict[str, list[str]]:
    return yaml.safe_load(resources.files("hive.execution").joinpath("mapping.yaml").read_text(encoding="utf-8"))


def map_arguments(arguments: dict[str, object], parameters: tuple[str, ...]) -> tuple[dict[str, object], dict[str, str]]:
    """(keyword arguments for the snippet, parameter -> plan argument it was given); an argument that
    finds no parameter is an error, so nothing the step needs is silently dropped."""
    mapped: dict[str, object] = {}
    chosen: dict[str, str] = {}
    free = [p for p in parameters]
    for name in sorted(arguments, key=lambda n: n not in parameters):  # exact names first
        target = _match(name, free)
        if target is None:
            raise HiveError(f"the snippet's parameters ({', '.join(parameters)}) have no place for the step's '{name}'")
        free.remove(target)
        mapped[target], chosen[target] = arguments[name], name
    return mapped, chosen


def _match(argument: str, free: list[str]) -> str | None:
    if argument in free:
        return argument
    for synonym in _synonyms().get(argument, []):
        if synonym in free:
            return synonym
    close = difflib.get_close_matches(argument, free, n=1, cutoff=SIMILAR_ENOUGH)
    return close[0] if close else None
