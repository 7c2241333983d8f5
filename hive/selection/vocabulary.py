"""What a constraint's names mean in one graph: licence ids and families, benchmarks, languages -> IRIs.

Unknown names are errors with a suggestion; everything a query needs becomes an RDF term here, so
no user text is ever pasted into SPARQL."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cached_property

from pyoxigraph import NamedNode

from hive.errors import HiveError
from hive.kg.access import GraphAccess
from hive.selection.constraints import FAMILIES, Benchmark
from kg_builder.graph import DATA, HIVE, node
from kg_builder.licenses import known_ids, normalise

PREFIX = f"PREFIX hive: <{HIVE}> PREFIX dcterms: <http://purl.org/dc/terms/> PREFIX schema: <http://schema.org/>\n"
FAMILY_ALIASES = {"permissive": ("permissive", "public-domain")}


@dataclass(frozen=True)
class ResolvedBenchmark:
    datasets: tuple[NamedNode, ...]
    configs: tuple[str, ...]
    metric: NamedNode
    lower_is_better: bool
    label: str


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", text.lower().replace("mozilla-foundation/", "")) if w]


class Vocabulary:
    """Names -> graph terms for one graph (queried once, then cached)."""

    def __init__(self, graph: GraphAccess) -> None:
        self.graph = graph

    @cached_property
    def licences(self) -> list[dict[str, object]]:
        return self.graph.select(PREFIX + "SELECT ?licence ?spdx ?hub ?family WHERE { ?licence a hive:License ; hive:family ?family . "
                                 "OPTIONAL { ?licence hive:spdxId ?spdx } OPTIONAL { ?licence hive:hubId ?hub } }")

    def licence_terms(self, names: list[str]) -> tuple[list[NamedNode], list[str]]:
        """Licence IRIs for ids and families, and readable labels; an unknown name is an error with a suggestion."""
        terms, labels = [], []
        for name in names:
            key = name.strip().lower()
            if key in FAMILIES:
                families = FAMILY_ALIASES.get(key, (key,))
                terms += [NamedNode(str(r["licence"])) for r in self.licences if r["family"] in families]
                labels.append(f"{key} family")
                continue
            matches = [r for r in self.licences if key in (str(r.get("spdx") or "").lower(), str(r.get("hub") or "").lower())]
            if not matches and key not in known_ids():
                raise HiveError(f"unknown licence '{name}'; did you mean {self._closest_licence(key)}?")
            if matches:
                terms += [NamedNode(str(r["licence"])) for r in matches]
            else:
                terms.append(node("license", normalise(key)[0].key))
            labels.append(str(matches[0].get("spdx") or key) if matches else normalise(key)[0].key)
        return sorted(set(terms), key=str), labels

    def _closest_licence(self, key: str) -> str:
        names = sorted(set(known_ids()) | {str(r.get("spdx") or "").lower() for r in self.licences} | set(FAMILIES))
        close = difflib.get_close_matches(key, names, n=2, cutoff=0.4)
        return " or ".join(f"'{c}'" for c in close) if close else "an SPDX id such as 'apache-2.0' or a family such as 'permissive'"

    def benchmarks(self, task: str) -> list[dict[str, object]]:
        """(dataset, name, config, metric) that the task's models have results for."""
        return self.graph.select(PREFIX + f"""
            SELECT DISTINCT ?dataset ?name ?config ?metric ?metricName ?lower WHERE {{
              ?model hive:task {node('task', task)} ; hive:result ?result .
              ?result hive:onDataset ?dataset ; hive:metric ?metric .
              ?metric schema:name ?metricName ; hive:lowerIsBetter ?lower .
              OPTIONAL {{ ?dataset schema:name ?name }}
              OPTIONAL {{ ?result hive:datasetConfig ?config }}
            }}""")

    def benchmark(self, task: str, wanted: Benchmark) -> ResolvedBenchmark:
        """Datasets whose id or name contains every word of `wanted.dataset`, with the wanted metric."""
        rows = self.benchmarks(task)
        words = _words(wanted.dataset)
        metric = wanted.metric.lower()
        matching = [r for r in rows if all(w in _words(str(r["dataset"]).removeprefix(DATA + "dataset/")) + _words(str(r.get("name") or "")) for w in words)]
        with_metric = [r for r in matching if str(r["metricName"]).lower() == metric]
        if not with_metric:
            known = sorted({f"{str(r['dataset']).removeprefix(DATA + 'dataset/')} ({r['metricName']})" for r in rows})
            what = f"no {task} model has a {metric} result on '{wanted.dataset}'"
            raise HiveError(f"{what}; known benchmarks for {task}: {', '.join(known[:15]) or 'none'}")
        configs = tuple(sorted({str(r["config"]) for r in with_metric if r.get("config")})) if wanted.config else ()
        if wanted.config:
            configs = tuple(c for c in configs if c.lower() == wanted.config.lower() or c.lower().startswith(wanted.config.lower() + "-"))
            if not configs:
                raise HiveError(f"no {task} result on '{wanted.dataset}' has config '{wanted.config}'")
        return ResolvedBenchmark(
            datasets=tuple(sorted({NamedNode(str(r["dataset"])) for r in with_metric}, key=str)),
            configs=configs,
            metric=NamedNode(str(with_metric[0]["metric"])),
            lower_is_better=bool(with_metric[0]["lower"]),
            label=wanted.label(),
        )

    @staticmethod
    def language_terms(codes: list[str]) -> list[NamedNode]:
        return [node("language", code) for code in codes]
