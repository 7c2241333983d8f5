"""One way to ask a knowledge graph a SELECT query, whether it is a local store or a remote SPARQL endpoint."""

from __future__ import annotations

from typing import Protocol

import pyoxigraph

from hive.errors import HiveError
from hive.kg.queries import literal_value, rows


class GraphAccess(Protocol):
    location: str

    def select(self, query: str) -> list[dict[str, object]]: ...


class LocalGraph:
    """A pyoxigraph store in this process."""

    def __init__(self, store: pyoxigraph.Store, location: str) -> None:
        self.store, self.location = store, location

    def select(self, query: str) -> list[dict[str, object]]:
        return rows(self.store, query)


class RemoteGraph:
    """Any SPARQL 1.1 Protocol endpoint (Oxigraph server, Fuseki, QLever, `hive kg serve`), over HTTP."""

    def __init__(self, url: str, timeout: float = 30.0) -> None:
        self.location, self.timeout = url, timeout

    def select(self, query: str) -> list[dict[str, object]]:
        import requests

        try:
            response = requests.post(self.location, data={"query": query}, timeout=self.timeout,
                                     headers={"Accept": "application/sparql-results+json"})
        except requests.RequestException as exc:
            raise HiveError(f"cannot reach the SPARQL endpoint {self.location}: {type(exc).__name__}") from exc
        if response.status_code != 200:
            raise HiveError(f"the SPARQL endpoint {self.location} answered {response.status_code}: {response.text[:200]}")
        try:
            document = response.json()
        except ValueError as exc:
            raise HiveError(f"the SPARQL endpoint {self.location} did not answer with SPARQL JSON results") from exc
        names = document["head"]["vars"]
        return [{name: _plain(binding.get(name)) for name in names} for binding in document["results"]["bindings"]]


def _plain(term: dict | None) -> object:
    """A SPARQL JSON results term as the same plain value `hive.kg.queries.rows` gives."""
    if term is None:
        return None
    return literal_value(term["value"], term.get("datatype", ""))


def open_graph(location: str | None = None) -> GraphAccess:
    """The shipped snapshot (None), a build directory or N-Triples file, or an http(s) SPARQL endpoint."""
    if location and location.startswith(("http://", "https://")):
        return RemoteGraph(location)
    from hive.kg.store import open_kg

    return LocalGraph(open_kg(location), location or "shipped snapshot")
