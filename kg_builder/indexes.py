"""The selection indexes, computed from every model's index facts and stored in the graph
(docs/constraints.md, "Selection at hub scale").

- Profiles: the models of a task that every admissibility check sees alike (same licences, sizes,
  languages, offline weights, reads-text flag and benchmark keys) share a `hive:Profile` with their number
  and one representative, so a request's counts per constraint are sums over a task's few profiles
  instead of a pass over its models. Base profiles group the same way without benchmark keys.
- Ranked lists: each task's models in the orders selection ranks by, and each task's results on a dataset
  and metric from the best value down, cut into buckets (hive.kg.schema.buckets) that a query reads by exact IRI
  (oxigraph looks an IRI up in its index; a FILTER on a position would scan), so the top of a filtered
  ranking is read from the head of its list.

Each task's lists are numpy sorts of every model's columns (`kg_builder.index_facts.IndexColumns`), and its
N-Triples are written as text, a bucket or profile at a time: a million models take seconds, where sorting
and making a pyoxigraph triple model by model took half a minute. Each profile's and bucket's text is a
piece named by its node, its lines in id order, so a piece's bytes change only when what it states changes.
A piece also carries a digest of what it states (its members' subject digests summed, its count, a profile's
representative, a bucket's boundary), known before its text is written: an update copies the bytes of the
pieces whose digest is the previous build's and patches the store with the lines of the few that differ.
"""

from __future__ import annotations

import hashlib
from functools import partial
from typing import Callable, Iterator, NamedTuple

import numpy as np

from hive.kg.schema import HIVE, RDF, buckets, node_iri, ranking_node, results_ranking_node
from kg_builder.index_facts import IndexColumns, IndexFacts
from kg_builder.ntriples import double, integer

# The task orderings, by the columns of their sort keys, most significant first: each is the selection
# query's ORDER BY for that ranking (hive/selection/query.py, `_ordering` names the list), so a list's order
# is the query's. `smallest` ranks only the models with a size.
ORDERINGS: dict[str, tuple[str, ...]] = {
    "popular": ("online", "fewer_downloads", "fewer_likes", "id"),
    "downloads": ("fewer_downloads", "online", "fewer_likes", "id"),
    "likes": ("fewer_likes", "online", "fewer_downloads", "id"),
    "smallest": ("size", "online", "fewer_downloads", "fewer_likes", "id"),
}
RANKED, PROFILE = f"<{HIVE}ranked>", f"<{HIVE}profile>"


class Piece(NamedTuple):
    """A node of the indexes (a profile, a bucket of a ranked list), a digest of what its text states (the same
    digest, the same bytes), and the N-Triples text stating it, written when asked."""

    node: str
    digest: str
    text: Callable[[], str]

PROFILE_LINES = f"<{{profile}}> <{RDF}type> <{HIVE}Profile> .\n<{{profile}}> <{HIVE}{{kind}}> <{{task}}> .\n" \
                f"<{{profile}}> <{HIVE}members> {{members}} .\n<{{profile}}> <{HIVE}representative> {{representative}} .\n"


class IndexTable:
    """The columns of every model (`IndexColumns`) with what each task's sorts read: the sort keys, each model's
    and result's place in id order, each list's sign."""

    def __init__(self, columns: IndexColumns) -> None:
        self.columns = columns
        downloads, likes, size, offline = columns.numbers.T
        self.has_size = size >= 0
        self.keys = {"online": 1 - offline, "fewer_downloads": -downloads, "fewer_likes": -likes, "size": size, "id": _ranks(columns.ids)}
        self.pairs = np.unique(columns.pairs, axis=0)
        self.result_models, self.result_lists = columns.results.T
        self.result_ranks = _ranks(columns.result_subjects)
        self.subjects = np.array(columns.subjects, dtype=object)  # indexed by rows in C, not row by row in Python
        self.result_subjects = np.array(columns.result_subjects, dtype=object)
        self.signs = np.array([1.0 if metric in columns.lower_is_better else -1.0 for _dataset, metric in columns.lists])

    def by_task(self) -> Iterator[tuple[str, list[Piece]]]:
        """Each task's IRI and the pieces of its profiles and ranked lists, tasks in IRI order."""
        for number, task in sorted(enumerate(self.columns.tasks), key=lambda item: item[1]):
            members = self.pairs[self.pairs[:, 1] == number, 0]
            name = task.rsplit("/", 1)[-1]
            pieces = self._profiles(task, "profileOf", name, members) + self._profiles(task, "baseProfileOf", f"{name}/base", members)
            for ordering, keys in ORDERINGS.items():
                ranked = members if ordering != "smallest" else members[self.has_size[members]]
                ranked = ranked[np.lexsort([self.keys[key][ranked] for key in reversed(keys)])]
                for bucket, start, end in buckets(len(ranked)):
                    node, rows = str(ranking_node(name, ordering, bucket)), ranked[start:end]
                    pieces.append(Piece(node, self._summed(rows), partial(self._ranked_text, node, rows)))
            yield task, pieces + self._result_rankings(name, members)

    def _profiles(self, task: str, kind: str, folder: str, members: np.ndarray) -> list[Piece]:
        """The task's profiles of one kind: members grouped by their key, each group's representative the member
        of the least id; models link to their (full) profile."""
        full = kind == "profileOf"
        keys, codes = (self.columns.profile_keys, self.columns.keys[:, 1]) if full else (self.columns.base_keys, self.columns.keys[:, 0])
        grouped = members[np.lexsort((self.keys["id"][members], codes[members]))]
        starts, ends = _runs(codes[grouped])
        pieces = []
        for start, end in zip(starts.tolist(), ends.tolist()):
            key = keys[codes[grouped[start]]]
            profile = node_iri("profile", f"{folder}/{hashlib.sha1(key.encode()).hexdigest()[:16]}")
            rows = grouped[start:end]
            digest = f"{self._summed(rows)}:{self.columns.digests[rows[0]]}"
            pieces.append(Piece(f"<{profile}>", digest, partial(self._profile_text, profile, kind, task, rows, full)))
        return pieces

    def _profile_text(self, profile: str, kind: str, task: str, rows: np.ndarray, full: bool) -> str:
        text = PROFILE_LINES.format(profile=profile, kind=kind, task=task, members=integer(len(rows)),
                                    representative=self.columns.subjects[rows[0]])
        return text + (self._linked(rows, PROFILE, f"<{profile}>") if full else "")

    def _result_rankings(self, name: str, members: np.ndarray) -> list[Piece]:
        """Per dataset and metric, the results of the task's models best first (ties: model id, result IRI); each
        bucket records its worst value."""
        in_task = np.zeros(len(self.columns.ids), dtype=bool)
        in_task[members] = True
        chosen = np.flatnonzero(in_task[self.result_models])
        lists = self.result_lists[chosen]
        signed = self.signs[lists] * self.columns.values[chosen]
        chosen = chosen[np.lexsort((self.result_ranks[chosen], self.keys["id"][self.result_models[chosen]], signed, lists))]
        starts, ends = _runs(self.result_lists[chosen])
        pieces = []
        for first, last in zip(starts.tolist(), ends.tolist()):
            dataset, metric = self.columns.lists[self.result_lists[chosen[first]]]
            ranked = chosen[first:last]
            for bucket, start, end in buckets(len(ranked)):
                node = str(results_ranking_node(name, dataset, metric, bucket))
                in_bucket, boundary = ranked[start:end], double(self.columns.values[ranked[end - 1]])
                digest = f"{self._summed(in_bucket, self.columns.result_digests)}:{boundary}"
                pieces.append(Piece(node, digest, partial(self._result_text, node, in_bucket, boundary)))
        return pieces

    def _result_text(self, node: str, rows: np.ndarray, boundary: str) -> str:
        text = self._linked(rows[np.argsort(self.result_ranks[rows])], RANKED, node, self.result_subjects)
        return text + f"{node} <{HIVE}boundary> {boundary} .\n"

    def _summed(self, rows: np.ndarray, digests: np.ndarray | None = None) -> str:
        """What a piece's members are, whatever their order: how many, and their subjects' digests summed (mod 2**64)."""
        return f"{len(rows)}:{int((self.columns.digests if digests is None else digests)[rows].sum())}"

    def _ranked_text(self, node: str, rows: np.ndarray) -> str:
        """A bucket's lines in model-id order: its text changes only when its members do, not when they move within it."""
        return self._linked(rows[np.argsort(self.keys["id"][rows])], RANKED, node)

    def _linked(self, rows: np.ndarray, predicate: str, target: str, subjects: np.ndarray | None = None) -> str:
        """One line `<row's subject> predicate target .` per row."""
        suffix = f" {predicate} {target} .\n"
        names = self.subjects if subjects is None else subjects
        return suffix.join(names[rows].tolist()) + suffix if len(rows) else ""


def _ranks(names: list[str]) -> np.ndarray:
    """Each name's place in code-point order (Python's string order)."""
    ranks = np.empty(len(names), dtype=np.int64)
    ranks[sorted(range(len(names)), key=names.__getitem__)] = np.arange(len(names))
    return ranks


def _runs(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each run of equal values starts and ends in `values`."""
    starts = np.flatnonzero(np.concatenate(([True], values[1:] != values[:-1]))) if len(values) else np.zeros(0, dtype=np.int64)
    return starts, np.append(starts[1:], len(values))


def index_ntriples(facts: IndexFacts) -> Iterator[bytes]:
    """The indexes of the models in `facts`, a task at a time."""
    columns = IndexColumns.of_facts(facts, [model.id for model in facts.models.values()])
    return ("".join(piece.text() for piece in pieces).encode() for _task, pieces in IndexTable(columns).by_task())
