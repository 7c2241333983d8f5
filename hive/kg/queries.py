"""SPARQL queries kept as `.rq` files beside this module, and a helper to run them into plain rows."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pyoxigraph


@lru_cache(maxsize=None)
def query_text(name: str) -> str:
    return resources.files("hive.kg").joinpath("queries", f"{name}.rq").read_text(encoding="utf-8")


def _plain(term) -> object:
    if term is None:
        return None
    if isinstance(term, pyoxigraph.Literal):
        datatype = term.datatype.value
        if datatype.endswith(("#integer", "#long", "#int")):
            return int(term.value)
        if datatype.endswith(("#double", "#decimal", "#float")):
            return float(term.value)
        if datatype.endswith("#boolean"):
            return term.value == "true"
        return term.value
    return term.value


def rows(store: pyoxigraph.Store, query: str) -> list[dict[str, object]]:
    """Run a SELECT; each solution as {variable: plain Python value}."""
    solutions = store.query(query)
    names = [v.value for v in solutions.variables]
    return [{name: _plain(solution[name]) for name in names} for solution in solutions]


def named_rows(store: pyoxigraph.Store, name: str) -> list[dict[str, object]]:
    return rows(store, query_text(name))
