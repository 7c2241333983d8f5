"""What a classifier's labels are about (`purposes.yaml`): the purpose a request asks of a classification step, and
the SPARQL test of a model's id that offers it."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from hive.yaml_data import load_yaml


@lru_cache(maxsize=1)
def _purposes() -> dict[str, dict[str, dict[str, re.Pattern]]]:
    data = load_yaml(resources.files("hive.selection").joinpath("purposes.yaml"))
    return {task: {name: {k: re.compile(v, re.I) for k, v in sides.items()} for name, sides in purposes.items()}
            for task, purposes in data.items()}


def purpose_asked(task: str, words: str) -> str | None:
    """The one purpose the words ask of a step of the task ("is it positive or negative": sentiment), else None."""
    asked = [name for name, sides in _purposes().get(task, {}).items() if sides["asked"].search(words)]
    return asked[0] if len(asked) == 1 else None


def offered_test(task: str, purpose: str) -> str | None:
    """A SPARQL expression true of the models whose id offers the purpose, or None when the task has no such purpose."""
    sides = _purposes().get(task, {}).get(purpose)
    if sides is None:
        return None
    pattern = sides["offered"].pattern.replace("\\", "\\\\").replace('"', '\\"')
    return f'REGEX(STR(?model), "{pattern}", "i")'
