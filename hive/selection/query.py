"""The selection query: every candidate of a task with one verdict per constraint, ranked.

One generated SPARQL query does the filtering and the ranking: each constraint is a boolean
expression bound to `?ok_<name>`, `?ok` is their conjunction, and the ORDER BY puts admissible
candidates first in the requested order. Rejected candidates come back too, with the verdicts
that say which constraint rejected them. Every value is an RDF term serialised by pyoxigraph.

Each OPTIONAL holds one triple pattern: oxigraph turns a two-pattern OPTIONAL into a hash join over
the whole predicate tables (20x slower at 100,000 models).
"""

from __future__ import annotations

from dataclasses import dataclass

from pyoxigraph import Literal, NamedNode

from hive.contracts import Constraints
from hive.kg.schema import PREFIX, XSD, node
from hive.selection.vocabulary import Vocabulary


@dataclass(frozen=True)
class Check:
    """One constraint as a SPARQL boolean expression."""

    name: str
    label: str
    expression: str


def _in(terms: list[NamedNode]) -> str:
    return ", ".join(str(t) for t in terms)


def _integer(value: int) -> str:
    return str(Literal(str(int(value)), datatype=NamedNode(XSD + "integer")))


def checks_for(constraints: Constraints, vocabulary: Vocabulary, task: str) -> tuple[list[Check], str, str]:
    """The constraint checks (in funnel order), the benchmark sub-query (or ''), and the ORDER BY keys."""
    checks: list[Check] = []
    if constraints.licences:
        terms, labels = vocabulary.licence_terms(constraints.licences)
        expression = f"EXISTS {{ ?model dcterms:license ?allowed . FILTER(?allowed IN ({_in(terms)})) }}" if terms else "false"
        checks.append(Check("licence", f"licence in {', '.join(labels)}", expression))
    if constraints.deny_licences:
        terms, labels = vocabulary.licence_terms(constraints.deny_licences)
        expression = f"NOT EXISTS {{ ?model dcterms:license ?refused . FILTER(?refused IN ({_in(terms)})) }}" if terms else "true"
        checks.append(Check("deny_licence", f"licence not in {', '.join(labels)}", expression))
    if constraints.max_parameters is not None:
        checks.append(Check("parameters", f"at most {constraints.max_parameters:,} parameters",
                            f"COALESCE(?params <= {_integer(constraints.max_parameters)}, false)"))
    if constraints.max_bytes is not None:
        checks.append(Check("bytes", f"at most {constraints.max_bytes:,} bytes", f"COALESCE(?bytes <= {_integer(constraints.max_bytes)}, false)"))
    if constraints.smallest:
        checks.append(Check("size_known", "a recorded size", "(BOUND(?params) || BOUND(?bytes))"))
    if constraints.languages:
        terms = vocabulary.language_terms(constraints.languages)
        checks.append(Check("language", f"language in {', '.join(constraints.languages)}",
                            f"EXISTS {{ ?model hive:language ?lang . FILTER(?lang IN ({_in(terms)})) }}"))
    if constraints.min_downloads is not None:
        checks.append(Check("downloads", f"at least {constraints.min_downloads:,} downloads",
                            f"COALESCE(?downloads >= {_integer(constraints.min_downloads)}, false)"))
    if task == "image-to-text" and constraints.reads_text is not None:
        wanted = "reads the text in the image" if constraints.reads_text else "describes the picture"
        checks.append(Check("reads_text", wanted, ("" if constraints.reads_text else "!") + "EXISTS { ?model hive:readsText true }"))
    if constraints.local_only:
        checks.append(Check("local", "weights available offline", "COALESCE(?offline, false)"))
    benchmark_query, order = "", []
    if constraints.best_on is not None:
        resolved = vocabulary.benchmark(task, constraints.best_on)
        best = "MIN" if resolved.lower_is_better else "MAX"
        config = f"FILTER(?config IN ({', '.join(str(Literal(c)) for c in resolved.configs)}))" if resolved.configs else ""
        split = f"FILTER(?split IN ({', '.join(str(Literal(c)) for c in resolved.splits)}))" if resolved.splits else ""
        benchmark_query = f"""
  OPTIONAL {{ SELECT ?model ({best}(?v) AS ?value) WHERE {{
      ?r hive:metric ?metric ; hive:onDataset ?d ; hive:value ?v .
      FILTER(?metric IN ({_in(list(resolved.metrics))}) && ?d IN ({_in(list(resolved.datasets))}))
      OPTIONAL {{ ?r hive:datasetConfig ?config }} {config}
      OPTIONAL {{ ?r hive:datasetSplit ?split }} {split}
      ?model hive:result ?r ; hive:task {node('task', task)} .
  }} GROUP BY ?model }}"""
        checks.append(Check("benchmark", f"a recorded {resolved.label}", "BOUND(?value)"))
        order.append("?value" if resolved.lower_is_better else "DESC(?value)")
    if constraints.smallest:
        order.append("COALESCE(?params, ?bytes / 4)")
    if constraints.rank_by == "likes":
        order.append("DESC(COALESCE(?likes, 0))")
    elif constraints.rank_by == "downloads":
        order.append("DESC(COALESCE(?downloads, 0))")
    order += ["DESC(COALESCE(?offline, false))", "DESC(COALESCE(?downloads, 0))", "DESC(COALESCE(?likes, 0))", "?id"]
    return checks, benchmark_query, " ".join(order)


def selection_query(task: str, constraints: Constraints, vocabulary: Vocabulary) -> tuple[str, list[Check]]:
    """The query text and the checks whose `?ok_<name>` columns it returns."""
    checks, benchmark_query, order = checks_for(constraints, vocabulary, task)
    binds = "\n  ".join(f"BIND(({c.expression}) AS ?ok_{c.name})" for c in checks)
    all_ok = " && ".join(f"?ok_{c.name}" for c in checks) or "true"
    columns = " ".join(f"?ok_{c.name}" for c in checks)
    query = PREFIX + f"""SELECT ?id ?downloads ?likes ?params ?paramsSource ?bytes ?bytesSource ?offline ?prompted ?value ?ok {columns} WHERE {{
  ?model hive:task {node('task', task)} ; dcterms:identifier ?id .
  OPTIONAL {{ ?model hive:downloads ?downloads }}
  OPTIONAL {{ ?model hive:likes ?likes }}
  OPTIONAL {{ ?model hive:parameterCount ?params }}
  OPTIONAL {{ ?model hive:parameterCountSource ?paramsSource }}
  OPTIONAL {{ ?model hive:sizeBytes ?bytes }}
  OPTIONAL {{ ?model hive:sizeBytesSource ?bytesSource }}
  OPTIONAL {{ ?model hive:availableOffline ?offline }}
  BIND(EXISTS {{ ?model hive:promptedFor {node('task', task)} }} AS ?prompted){benchmark_query}
  {binds}
  BIND(({all_ok}) AS ?ok)
}}
ORDER BY DESC(?ok) {order}"""
    return query, checks
