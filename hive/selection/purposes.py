"""What a classifier's labels are about (`purposes.yaml`): the purpose a request asks of a classification step, the
purposes a model's id offers (the builder states them, `hive:offers`), and the SPARQL test of a model that offers one."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from hive.kg.schema import node
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


def offered_purposes(task: str, model_id: str) -> list[str]:
    """The purposes a model of the task offers, by its id ("…-sst-2": sentiment)."""
    return [name for name, sides in _purposes().get(task, {}).items() if sides["offered"].search(model_id)]


def purpose_node(task: str, purpose: str) -> str:
    """The graph node of a purpose of a task's models, as a SPARQL term."""
    return str(node("purpose", f"{task}/{purpose}"))


def offered_test(task: str, purpose: str) -> str | None:
    """A SPARQL expression true of the models that offer the purpose, or None when the task has no such purpose."""
    if purpose not in _purposes().get(task, {}):
        return None
    return f"EXISTS {{ ?model hive:offers {purpose_node(task, purpose)} }}"
