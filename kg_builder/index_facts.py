"""What the selection indexes read of a graph's models: read back from their triples in each build chunk
(so the indexes describe exactly what the graph says) into columns, which the build joins and keeps in its
state (so an update reads the unchanged models' without their triples). `kg_builder.indexes` turns the
columns into the indexes."""

from __future__ import annotations

import hashlib
import json
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import numpy as np
from pyoxigraph import Triple

from hive.kg.schema import DCTERMS, HIVE, node_iri


@dataclass(slots=True)
class Result:
    dataset: str = ""
    metric: str = ""
    config: str = ""
    split: str = ""
    value: float = 0.0


@dataclass(slots=True)
class IndexedModel:
    """What selection checks and ranks a model by, as the graph states it."""

    id: str = ""
    tasks: list[str] = field(default_factory=list)
    downloads: int = 0
    likes: int = 0
    parameters: int | None = None
    bytes: int | None = None
    offline: bool = False
    reads_text: bool = False
    purposes: list[str] = field(default_factory=list)
    licences: list[str] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)
    translates_from: list[str] = field(default_factory=list)
    translates_into: list[str] = field(default_factory=list)
    results: list[str] = field(default_factory=list)


@dataclass
class IndexFacts:
    """The facts of some triples (one shard's, or merged): models, results, metrics whose lower values are better."""

    models: dict[str, IndexedModel] = field(default_factory=lambda: defaultdict(IndexedModel))
    results: dict[str, Result] = field(default_factory=lambda: defaultdict(Result))
    lower_is_better: set[str] = field(default_factory=set)


def _integer(value: object) -> int:
    return int(value.value)


def _true(value: object) -> bool:
    return value.value == "true"


def _text(value: object) -> str:
    return value.value


def _name(value: object) -> str:
    """A value many models share (a task, licence, language, dataset, metric): one string for all of them."""
    return sys.intern(value.value)


# predicate IRI -> (which record, its field, how the object is read, whether the field is a list)
READERS: dict[str, tuple[str, str, Callable[[object], object], bool]] = {
    HIVE + "task": ("models", "tasks", _name, True),
    DCTERMS + "identifier": ("models", "id", _text, False),
    HIVE + "downloads": ("models", "downloads", _integer, False),
    HIVE + "likes": ("models", "likes", _integer, False),
    HIVE + "parameterCount": ("models", "parameters", _integer, False),
    HIVE + "sizeBytes": ("models", "bytes", _integer, False),
    HIVE + "availableOffline": ("models", "offline", _true, False),
    HIVE + "readsText": ("models", "reads_text", _true, False),
    HIVE + "offers": ("models", "purposes", _name, True),
    DCTERMS + "license": ("models", "licences", _name, True),
    HIVE + "language": ("models", "languages", _name, True),
    HIVE + "translatesFrom": ("models", "translates_from", _name, True),
    HIVE + "translatesInto": ("models", "translates_into", _name, True),
    HIVE + "result": ("models", "results", _text, True),
    HIVE + "onDataset": ("results", "dataset", _name, False),
    HIVE + "metric": ("results", "metric", _name, False),
    HIVE + "datasetConfig": ("results", "config", _name, False),
    HIVE + "datasetSplit": ("results", "split", _name, False),
    HIVE + "value": ("results", "value", lambda v: float(v.value), False),
}


def read_facts(triples: Iterable[Triple]) -> IndexFacts:
    """The facts selection uses, from one pass over `triples` (every triple of the models concerned)."""
    facts = IndexFacts()
    for triple in triples:
        predicate = triple.predicate.value
        reader = READERS.get(predicate)
        if reader is not None:
            table, name, read, many = reader
            record = getattr(facts, table)[triple.subject.value]
            if many:
                getattr(record, name).append(read(triple.object))
            else:
                setattr(record, name, read(triple.object))
        elif predicate == HIVE + "lowerIsBetter" and _true(triple.object):
            facts.lower_is_better.add(triple.subject.value)
    facts.models = {iri: model for iri, model in facts.models.items() if model.tasks}  # results' subjects are not models
    return facts


CODED = {"tasks": ("pairs", 1), "base_keys": ("keys", 0), "profile_keys": ("keys", 1), "lists": ("results", 1)}  # table -> array, column
ARRAYS = ("numbers", "keys", "pairs", "results", "values", "digests", "result_digests")
TEXTS = ("ids", "subjects", "result_subjects")


@dataclass
class IndexColumns:
    """The index facts of some models as columns, a row per model in build order: what the selection indexes
    rank and group each model by. Tasks, keys and result lists are numbers into the tables that follow."""

    ids: list[str]
    subjects: list[str]  # each model's IRI as an N-Triples term
    numbers: np.ndarray  # (models, 4) int64: downloads, likes, size (4 x parameters, else bytes; -1: none), offline
    keys: np.ndarray  # (models, 2) int64: its base key and profile key (numbers in `base_keys`, `profile_keys`)
    pairs: np.ndarray  # (pairs, 2) int64: a model's row and one of its tasks (a number in `tasks`)
    result_subjects: list[str]
    results: np.ndarray  # (results, 2) int64: its model's row and its list (a number in `lists`)
    values: np.ndarray  # (results,) float64
    digests: np.ndarray  # (models,) uint64: a digest of each model's subject (`digests_of`)
    result_digests: np.ndarray  # (results,) uint64: of each result's
    tasks: list[str]
    base_keys: list[str]  # what every check but the benchmark's reads (licences, sizes, languages, directions, purposes, offline, reads text)
    profile_keys: list[str]  # the base key and the benchmark keys (dataset, metric, config, split) of the results
    lists: list[tuple[str, str]]  # a result list's dataset and metric
    lower_is_better: set[str]  # the metrics whose lower values are better

    @classmethod
    def of_facts(cls, facts: IndexFacts, ids: list[str]) -> IndexColumns:
        """The columns of the models `ids` (their facts in `facts`), in that order."""
        tables: dict[str, dict] = {name: {} for name in CODED}
        numbers, pairs, results, values, result_subjects = [], [], [], [], []
        for row, model_id in enumerate(ids):
            model = facts.models[node_iri("model", model_id)]
            pairs += [(row, _code(tables["tasks"], task)) for task in model.tasks]
            base = repr((sorted(model.licences), model.parameters, model.bytes, sorted(model.languages), sorted(model.translates_from),
                         sorted(model.translates_into), sorted(model.purposes), model.offline, model.reads_text))
            found = [facts.results[result] for result in model.results]
            benchmarks = sorted({(r.dataset, r.metric, r.config, r.split) for r in found})
            size = 4 * model.parameters if model.parameters is not None else -1 if model.bytes is None else model.bytes
            numbers.append((model.downloads, model.likes, size, model.offline, _code(tables["base_keys"], base),
                            _code(tables["profile_keys"], f"{base[:-1]}, {benchmarks!r})")))
            for name, result in zip(model.results, found):
                result_subjects.append(f"<{name}>")
                results.append((row, _code(tables["lists"], (result.dataset, result.metric))))
                values.append(result.value)
        rows = np.array(numbers, dtype=np.int64).reshape(-1, 6)
        subjects = [f"<{node_iri('model', i)}>" for i in ids]
        return cls(list(ids), subjects, rows[:, :4], rows[:, 4:], _pairs(pairs), result_subjects, _pairs(results),
                   np.array(values, dtype=np.float64), digests_of(subjects), digests_of(result_subjects),
                   *(list(tables[name]) for name in CODED), set(facts.lower_is_better))

    @classmethod
    def joined(cls, parts: list[IndexColumns]) -> IndexColumns:
        """The rows of `parts`, one after the other, over joined tables."""
        tables: dict[str, dict] = {name: {} for name in CODED}
        arrays: dict[str, list[np.ndarray]] = {name: [] for name in ARRAYS}
        rows = 0
        for part in parts:
            recoded = {name: getattr(part, name).copy() for name in ARRAYS}
            for name, (array, column) in CODED.items():
                codes = np.array([_code(tables[name], value) for value in getattr(part, name)], dtype=np.int64)
                recoded[array][:, column] = codes[recoded[array][:, column]]
            recoded["pairs"][:, 0] += rows
            recoded["results"][:, 0] += rows
            rows += len(part.ids)
            for name in ARRAYS:
                arrays[name].append(recoded[name])
        empty = cls.of_facts(IndexFacts(), [])
        texts = {name: [value for part in parts for value in getattr(part, name)] for name in TEXTS}
        return cls(**texts, **{name: np.concatenate([getattr(empty, name), *arrays[name]]) for name in ARRAYS},
                   **{name: list(tables[name]) for name in CODED}, lower_is_better=set().union(*(p.lower_is_better for p in parts)))

    def take(self, rows: np.ndarray) -> IndexColumns:
        """The models at `rows`, in that order, with their tasks and results."""
        place = np.full(len(self.ids), -1, dtype=np.int64)
        place[rows] = np.arange(len(rows))
        pairs, results = self.pairs[place[self.pairs[:, 0]] >= 0], np.flatnonzero(place[self.results[:, 0]] >= 0)
        kept = self.results[results]
        return IndexColumns([self.ids[i] for i in rows.tolist()], [self.subjects[i] for i in rows.tolist()], self.numbers[rows],
                            self.keys[rows], np.column_stack((place[pairs[:, 0]], pairs[:, 1])),
                            [self.result_subjects[i] for i in results.tolist()], np.column_stack((place[kept[:, 0]], kept[:, 1])),
                            self.values[results], self.digests[rows], self.result_digests[results], self.tasks, self.base_keys,
                            self.profile_keys, self.lists, self.lower_is_better)

    def save(self, folder: Path) -> None:
        np.savez(folder / "index.npz", **{name: getattr(self, name) for name in ARRAYS})
        for name in TEXTS:  # none holds a line break
            (folder / f"index-{name}.txt").write_text("".join(line + "\n" for line in getattr(self, name)), encoding="utf-8")
        tables = {name: getattr(self, name) for name in CODED} | {"lower_is_better": sorted(self.lower_is_better)}
        (folder / "index.json").write_text(json.dumps(tables), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> IndexColumns | None:
        """The columns `save` wrote in `folder` (None: there are none)."""
        if not (folder / "index.json").is_file():
            return None
        arrays = np.load(folder / "index.npz")
        tables = json.loads((folder / "index.json").read_text(encoding="utf-8"))
        return cls(**{name: (folder / f"index-{name}.txt").read_text(encoding="utf-8").split("\n")[:-1] for name in TEXTS},
                   **{name: arrays[name] for name in ARRAYS}, tasks=tables["tasks"], base_keys=tables["base_keys"],
                   profile_keys=tables["profile_keys"], lists=[tuple(pair) for pair in tables["lists"]],
                   lower_is_better=set(tables["lower_is_better"]))


def digests_of(subjects: list[str]) -> np.ndarray:
    """A 64-bit digest of each subject: the selection indexes sum their members' to tell whether a piece changed."""
    return np.fromiter((int.from_bytes(hashlib.blake2b(s.encode(), digest_size=8).digest(), "little") for s in subjects),
                       dtype=np.uint64, count=len(subjects))


def _code(table: dict, value: object) -> int:
    """`value`'s number in `table`, a new one for a value not there yet."""
    return table.setdefault(value, len(table))


def _pairs(rows: list) -> np.ndarray:
    return np.array(rows, dtype=np.int64).reshape(-1, 2)
