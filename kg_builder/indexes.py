"""The selection indexes, computed from every model's index record and stored in the graph
(docs/constraints.md, "Selection at hub scale").

- Profiles: the models of a task that every admissibility check sees alike (same licences, sizes,
  languages, offline weights, reads-text flag and benchmark keys) share a `hive:Profile` with their number
  and one representative, so a request's counts per constraint are sums over a task's few profiles
  instead of a pass over its models. Base profiles group the same way without benchmark keys.
- Ranked lists: each task's models in the orders selection ranks by, and each task's results on a dataset
  and metric from the best value down, cut into buckets (hive.kg.schema.buckets) that a query reads by exact IRI
  (oxigraph looks an IRI up in its index; a FILTER on a position would scan), so the top of a filtered
  ranking is read from the head of its list.

The records (`kg_builder.index_facts.index_record`) are read once into columns (`IndexTable`); each task's
lists are then numpy sorts of those columns, and its N-Triples are written as text, a bucket or profile at
a time: a million models take seconds, where sorting and making a pyoxigraph triple model by model took
half a minute.
"""

from __future__ import annotations

import hashlib
import json
from typing import Iterable, Iterator

import numpy as np

from hive.kg.schema import HIVE, RDF, buckets, node_iri, ranking_node, results_ranking_node
from kg_builder.index_facts import IndexFacts, index_record
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
PARSE_BATCH = 50_000  # records decoded by one json.loads (a third faster than one call per record)
RANKED, PROFILE = f"<{HIVE}ranked>", f"<{HIVE}profile>"
PROFILE_LINES = f"<{{profile}}> <{RDF}type> <{HIVE}Profile> .\n<{{profile}}> <{HIVE}{{kind}}> <{{task}}> .\n" \
                f"<{{profile}}> <{HIVE}members> {{members}} .\n<{{profile}}> <{HIVE}representative> {{representative}} .\n"


class IndexTable:
    """Every model's index record as columns: its subject, sort keys and profile keys; its results' subjects,
    lists (dataset and metric) and values; and the (model, task) pairs."""

    def __init__(self, records: Iterable[bytes], lower_is_better: Iterable[str]) -> None:
        self.subjects: list[str] = []
        ids, numbers, tasks = [], [], []
        self.tasks: dict[str, int] = {}
        self.base_keys: dict[str, int] = {}
        self.profile_keys: dict[str, int] = {}
        self.lists: dict[tuple[str, str], int] = {}
        results: list[tuple[int, int, float]] = []
        self.result_subjects: list[str] = []
        for number, (iri, model_id, model_tasks, downloads, likes, parameters, size, offline, reads_text, licences,
                     languages, model_results) in enumerate(_decoded(records)):
            self.subjects.append(f"<{iri}>")
            ids.append(model_id)
            tasks += [(number, self.tasks.setdefault(task, len(self.tasks))) for task in model_tasks]
            base = repr((sorted(licences), parameters, size, sorted(languages), offline, reads_text))
            benchmarks = sorted({(dataset, metric, config, split) for _r, dataset, metric, config, split, _v in model_results})
            numbers.append((downloads, likes, -1 if parameters is None and size is None else 4 * parameters if parameters is not None else size,
                            offline, self.base_keys.setdefault(base, len(self.base_keys)),
                            self.profile_keys.setdefault(f"{base[:-1]}, {benchmarks!r})", len(self.profile_keys))))
            for result, dataset, metric, _config, _split, value in model_results:
                self.result_subjects.append(f"<{result}>")
                results.append((number, self.lists.setdefault((dataset, metric), len(self.lists)), value))
        columns = np.array(numbers, dtype=np.int64).reshape(-1, 6)
        self.has_size = columns[:, 2] >= 0
        self.keys = {"online": 1 - columns[:, 3], "fewer_downloads": -columns[:, 0], "fewer_likes": -columns[:, 1],
                     "size": columns[:, 2], "id": _ranks(ids)}
        self.base, self.profile = columns[:, 4], columns[:, 5]
        self.pairs = np.unique(np.array(tasks, dtype=np.int64).reshape(-1, 2), axis=0)
        table = np.array(results, dtype=np.float64).reshape(-1, 3)
        self.result_models, self.result_lists, self.values = table[:, 0].astype(np.int64), table[:, 1].astype(np.int64), table[:, 2]
        self.result_ranks = _ranks(self.result_subjects)
        lower = set(lower_is_better)
        self.signs = np.array([1.0 if metric in lower else -1.0 for _dataset, metric in self.lists])

    def by_task(self) -> Iterator[tuple[str, bytes]]:
        """Each task's IRI and the N-Triples of its profiles and ranked lists, tasks in IRI order."""
        for task, number in sorted(self.tasks.items()):
            members = self.pairs[self.pairs[:, 1] == number, 0]
            name = task.rsplit("/", 1)[-1]
            text = self._profiles(task, "profileOf", name, self.profile, members)
            text += self._profiles(task, "baseProfileOf", f"{name}/base", self.base, members)
            for ordering, keys in ORDERINGS.items():
                ranked = members if ordering != "smallest" else members[self.has_size[members]]
                ranked = ranked[np.lexsort([self.keys[key][ranked] for key in reversed(keys)])]
                text += "".join(self._linked(ranked[start:end], RANKED, str(ranking_node(name, ordering, bucket)))
                                for bucket, start, end in buckets(len(ranked)))
            yield task, (text + self._result_rankings(name, members)).encode()

    def _profiles(self, task: str, kind: str, folder: str, codes: np.ndarray, members: np.ndarray) -> str:
        """The task's profiles of one kind: members grouped by their key's code, each group's representative
        the member of the least id; models link to their (full) profile."""
        keys = list(self.profile_keys if kind == "profileOf" else self.base_keys)
        grouped = members[np.lexsort((self.keys["id"][members], codes[members]))]
        starts, ends = _runs(codes[grouped])
        text = []
        for start, end in zip(starts.tolist(), ends.tolist()):
            key = keys[codes[grouped[start]]]
            profile = node_iri("profile", f"{folder}/{hashlib.sha1(key.encode()).hexdigest()[:16]}")
            text.append(PROFILE_LINES.format(profile=profile, kind=kind, task=task, members=integer(end - start),
                                             representative=self.subjects[grouped[start]]))
            if kind == "profileOf":
                text.append(self._linked(grouped[start:end], PROFILE, f"<{profile}>"))
        return "".join(text)

    def _result_rankings(self, name: str, members: np.ndarray) -> str:
        """Per dataset and metric, the results of the task's models best first (ties: model id, result IRI); each
        bucket records its worst value."""
        in_task = np.zeros(len(self.subjects), dtype=bool)
        in_task[members] = True
        chosen = np.flatnonzero(in_task[self.result_models])
        lists = self.result_lists[chosen]
        signed = self.signs[lists] * self.values[chosen]
        chosen = chosen[np.lexsort((self.result_ranks[chosen], self.keys["id"][self.result_models[chosen]], signed, lists))]
        starts, ends = _runs(self.result_lists[chosen])
        every = list(self.lists)
        text = []
        for first, last in zip(starts.tolist(), ends.tolist()):
            dataset, metric = every[self.result_lists[chosen[first]]]
            ranked = chosen[first:last]
            for bucket, start, end in buckets(len(ranked)):
                node = str(results_ranking_node(name, dataset, metric, bucket))
                text.append(self._linked(ranked[start:end], RANKED, node, self.result_subjects))
                text.append(f"{node} <{HIVE}boundary> {double(self.values[ranked[end - 1]])} .\n")
        return "".join(text)

    def _linked(self, rows: np.ndarray, predicate: str, target: str, subjects: list[str] | None = None) -> str:
        """One line `<row's subject> predicate target .` per row."""
        suffix = f" {predicate} {target} .\n"
        names = self.subjects if subjects is None else subjects
        return suffix.join(names[row] for row in rows.tolist()) + suffix if len(rows) else ""


def _decoded(records: Iterable[bytes]) -> Iterator[list]:
    batch: list[bytes] = []
    for record in records:
        batch.append(record)
        if len(batch) == PARSE_BATCH:
            yield from json.loads(b"[" + b",".join(batch) + b"]")
            batch = []
    if batch:
        yield from json.loads(b"[" + b",".join(batch) + b"]")


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
    records = (index_record(facts, model.id) for model in facts.models.values())
    return (text for _task, text in IndexTable(records, facts.lower_is_better).by_task())
