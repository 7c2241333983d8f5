"""The registry of offline models (`offline.yaml`): the one list every other view of them is derived from.

It reads YAML only, so the snippet policy, the worker and the GGUF joiner can use it without the executor.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml


@dataclass(frozen=True)
class Use:
    """One task a registry model serves, with the packages it needs and the weights package whose digest it checks."""

    model: str
    task: str
    packages: tuple[str, ...]
    weights: dict[str, Any]
    gguf: dict[str, Any] | None


@lru_cache(maxsize=1)
def registry() -> dict[str, Any]:
    """The parsed registry: `modules`, `behind_hive` and `models`."""
    return yaml.safe_load(resources.files("hive.execution").joinpath("offline.yaml").read_text(encoding="utf-8"))


def module_of(distribution: str) -> str:
    """The import name of a distribution the registry names."""
    return registry()["modules"].get(distribution, distribution.replace("-", "_"))


def uses() -> list[Use]:
    """Every (model, task) the registry lists, in its order, with a task's own packages and weights added."""
    models = registry()["models"]
    pins = {m["weights"]["package"]: m["weights"] for m in models if "weights" in m}
    found = []
    for model in models:
        for task in model["tasks"]:
            extra = task if isinstance(task, dict) else {"task": task}
            weights = pins[extra["weights"]] if "weights" in extra else model.get("weights", {})
            packages = tuple(dict.fromkeys([*model["packages"], *extra.get("packages", [])]))
            found.append(Use(model["model"], extra["task"], packages, weights, model.get("gguf")))
    return found


@lru_cache(maxsize=1)
def snippet_modules() -> frozenset[str]:
    """The modules offline snippets may import: the registry's packages, except those only HIVE's own code imports."""
    hidden = set(registry()["behind_hive"])
    return frozenset(module_of(p) for use in uses() for p in use.packages if p not in hidden)


def loaders() -> list[tuple[str, str]]:
    """(module, attribute) of each registry model's loader, for workers to memoize."""
    return [tuple(m["loader"].split(":")) for m in registry()["models"] if "loader" in m]


def cards() -> list[dict[str, Any]]:
    """The model cards of the registry models the card dump lacks, as the dump writes them (its first task is
    the card's pipeline tag; nobody downloaded or liked the packaged copy)."""
    return [{"id": m["model"], "pipeline_tag": m["tasks"][0], "downloads": 0, "likes": 0, **m["card"]}
            for m in registry()["models"] if "card" in m]
