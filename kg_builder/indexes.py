"""The selection indexes, computed from a graph's triples and stored in the graph (docs/constraints.md,
"Selection at hub scale").

- Profiles: the models of a task that every admissibility check sees alike (same licences, sizes,
  languages, offline weights, reads-text flag and benchmark keys) share a `hive:Profile` with their number
  and one representative, so a request's counts per constraint are sums over a task's few profiles
  instead of a pass over its models. Base profiles group the same way without benchmark keys.
- Ranked lists: each task's models in the orders selection ranks by, and each task's results on a dataset
  and metric from the best value down, cut into buckets (hive.kg.schema.buckets) that a query reads by exact IRI
  (oxigraph looks an IRI up in its index; a FILTER on a position would scan), so the top of a filtered
  ranking is read from the head of its list.

The facts are read back from the triples (in each build chunk, `read_facts`), so the indexes describe
exactly what the graph says; each model's are kept as one JSON line (`index_record`, in the build's
state, so an update reads the unchanged models' without their triples), and `index_triples` groups and
sorts them once for the whole graph.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import defaultdict
from dataclasses import astuple, dataclass, field
from typing import Callable, Iterable, Iterator

from pyoxigraph import Literal, NamedNode, Triple

from hive.kg.schema import DCTERMS, HIVE, RDF_TYPE, XSD, buckets, node, node_iri, ranking_node, results_ranking_node, term


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

    def size(self) -> int | None:
        """Four times the size `smallest` ranks by (parameters, else bytes / 4: the selection query's ORDER BY)."""
        return 4 * self.parameters if self.parameters is not None else self.bytes


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
    """A model's facts, with its results', as one JSON line (`facts_of_records` reads them back)."""
    iri = node_iri("model", model_id)
    model = facts.models[iri]
    results = [[result, *astuple(facts.results[result])] for result in model.results]
    return (json.dumps([iri, *astuple(model)[:-1], results]) + "\n").encode()


def facts_of_records(records: Iterable[bytes], lower_is_better: Iterable[str]) -> IndexFacts:
    """The facts of the models whose `index_record`s these are."""
    facts = IndexFacts(lower_is_better=set(lower_is_better))
    for record in records:
        iri, model_id, tasks, downloads, likes, parameters, size, offline, reads_text, licences, languages, results = json.loads(record)
        facts.models[iri] = IndexedModel(model_id, _interned(tasks), downloads, likes, parameters, size, offline, reads_text,
                                         _interned(licences), _interned(languages), [result[0] for result in results])
        for result, dataset, metric, config, split, value in results:
            facts.results[result] = Result(*_interned([dataset, metric, config, split]), value)
    return facts


def _interned(values: list[str]) -> list[str]:
    return [sys.intern(value) for value in values]


# The task orderings with their sort keys: each is the selection query's ORDER BY for that ranking
# (hive/selection/query.py, `_ordering` names the list), so a list's order is the query's.
ORDERINGS: dict[str, Callable[[IndexedModel], tuple]] = {
    "popular": lambda m: (not m.offline, -m.downloads, -m.likes, m.id),
    "downloads": lambda m: (-m.downloads, not m.offline, -m.likes, m.id),
    "likes": lambda m: (-m.likes, not m.offline, -m.downloads, m.id),
    "smallest": lambda m: (m.size(), not m.offline, -m.downloads, -m.likes, m.id),
}


def index_triples(facts: IndexFacts) -> Iterator[list[Triple]]:
    """The profiles and ranked lists, a task at a time."""
    return (triples for _task, triples in indexes_by_task(facts))


def indexes_by_task(facts: IndexFacts) -> Iterator[tuple[str, list[Triple]]]:
    """The profiles and ranked lists of each task (its IRI first)."""
    by_task: dict[str, list[tuple[NamedNode, IndexedModel]]] = defaultdict(list)
    for iri, model in facts.models.items():
        subject = NamedNode(iri)
        for task in model.tasks:
            by_task[task].append((subject, model))
    ranked_in = term("ranked")
    for task, members in sorted(by_task.items()):
        name = task.rsplit("/", 1)[-1]
        triples = _profiles(task, name, members, facts)
        for ordering, key in ORDERINGS.items():
            ranked = sorted((entry for entry in members if ordering != "smallest" or entry[1].size() is not None),
                            key=lambda entry: key(entry[1]))
            for bucket, start, end in buckets(len(ranked)):
                bucket_node = ranking_node(name, ordering, bucket)
                triples += [Triple(subject, ranked_in, bucket_node) for subject, _model in ranked[start:end]]
        yield task, triples + _result_rankings(name, members, facts)


def _base_key(model: IndexedModel) -> tuple:
    """What every check but the benchmark's reads."""
    return (sorted(model.licences), model.parameters, model.bytes, sorted(model.languages), model.offline, model.reads_text)


def _profile_key(model: IndexedModel, facts: IndexFacts) -> tuple:
    """What every check reads: the base key and the benchmark keys of the model's results."""
    return _base_key(model) + (sorted({(r.dataset, r.metric, r.config, r.split) for r in (facts.results[i] for i in model.results)}),)


def _profiles(task: str, name: str, members: list[tuple[NamedNode, IndexedModel]], facts: IndexFacts) -> list[Triple]:
    """The task's profiles, each linked from its models; and its base profiles (no benchmark keys, so fewer),
    which only count, for constraints that name no benchmark."""
    triples = []
    for kind, folder, key in (("profileOf", name, lambda m: _profile_key(m, facts)), ("baseProfileOf", f"{name}/base", _base_key)):
        groups: dict[str, list[tuple[NamedNode, IndexedModel]]] = defaultdict(list)
        for entry in members:
            groups[repr(key(entry[1]))].append(entry)
        for text, group in groups.items():
            profile = node("profile", f"{folder}/{hashlib.sha1(text.encode()).hexdigest()[:16]}")
            triples += [Triple(profile, RDF_TYPE, term("Profile")), Triple(profile, term(kind), NamedNode(task)),
                        Triple(profile, term("members"), Literal(str(len(group)), datatype=NamedNode(XSD + "integer"))),
                        Triple(profile, term("representative"), min(group, key=lambda entry: entry[1].id)[0])]
            if kind == "profileOf":
                triples += [Triple(subject, term("profile"), profile) for subject, _model in group]
    return triples


def _result_rankings(task: str, members: list[tuple[NamedNode, IndexedModel]], facts: IndexFacts) -> list[Triple]:
    """Per dataset and metric, the task's results best first; each bucket records its worst value."""
    lists: dict[tuple[str, str], list[tuple[float, str, str]]] = defaultdict(list)
    for _iri, model in members:
        for iri in model.results:
            result = facts.results[iri]
            sign = 1 if result.metric in facts.lower_is_better else -1
            lists[(result.dataset, result.metric)].append((sign * result.value, model.id, iri))
    triples = []
    for (dataset, metric), entries in sorted(lists.items()):
        entries.sort()
        for bucket, start, end in buckets(len(entries)):
            bucket_node = results_ranking_node(task, dataset, metric, bucket)
            triples += [Triple(NamedNode(iri), term("ranked"), bucket_node) for _value, _model, iri in entries[start:end]]
            worst = facts.results[entries[end - 1][2]].value
            triples.append(Triple(bucket_node, term("boundary"), Literal(repr(worst), datatype=NamedNode(XSD + "double"))))
    return triples
