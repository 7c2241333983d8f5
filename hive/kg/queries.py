"""SPARQL queries kept as `.rq` files beside this module, and a helper to run them into plain rows."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pyoxigraph

from hive.kg.schema import PREFIX


@lru_cache(maxsize=None)
def query_text(name: str) -> str:
    """The query `queries/<name>.rq`, after the graph's prologue."""
    return PREFIX + resources.files("hive.kg").joinpath("queries", f"{name}.rq").read_text(encoding="utf-8")


def literal_value(value: str, datatype: str) -> object:
    """An RDF literal's lexical value as the Python value its XSD datatype names."""
    if datatype.endswith(("#integer", "#long", "#int")):
        return int(value)
    if datatype.endswith(("#double", "#decimal", "#float")):
        return float(value)
    if datatype.endswith("#boolean"):
        return value == "true"
    return value


def _plain(term) -> object:
    if term is None:
        return None
    if isinstance(term, pyoxigraph.Literal):
        return literal_value(term.value, term.datatype.value)
    return term.value


def rows(store: pyoxigraph.Store, query: str) -> list[dict[str, object]]:
    """Run a SELECT; each solution as {variable: plain Python value}."""
    solutions = store.query(query)
    names = [v.value for v in solutions.variables]
    return [{name: _plain(solution[name]) for name in names} for solution in solutions]


def named_rows(store: pyoxigraph.Store, name: str) -> list[dict[str, object]]:
    return rows(store, query_text(name))
