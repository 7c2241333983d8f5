"""What the selection indexes read of a graph's models, read back from their triples in each build chunk
(so the indexes describe exactly what the graph says), and kept as one JSON line per model (in the build's
state, so an update reads the unchanged models' without their triples). `kg_builder.indexes` turns the
lines into the indexes."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from dataclasses import astuple, dataclass, field
from typing import Callable, Iterable

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
    licences: list[str] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)
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
    DCTERMS + "license": ("models", "licences", _name, True),
    HIVE + "language": ("models", "languages", _name, True),
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


def index_record(facts: IndexFacts, model_id: str) -> bytes:
    """A model's facts, with its results', as one JSON line (`kg_builder.indexes.IndexTable` reads them back)."""
    iri = node_iri("model", model_id)
    model = facts.models[iri]
    results = [[result, *astuple(facts.results[result])] for result in model.results]
    return (json.dumps([iri, *astuple(model)[:-1], results]) + "\n").encode()
