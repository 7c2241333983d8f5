"""The best admissible models of a step, read from the head of the builder's ranked lists.

A walk reads a ranked list a bucket at a time, keeping the admissible models, until it holds the k wanted
(their number is known from the funnel). A benchmark ranks by each model's best result, so its walk reads
the benchmark's result lists side by side, and a model is placed once no unread result can beat it: its
value is better than the worst value of the last bucket read from every list. When few models are
admissible, they are read directly from the profiles that admit them.
"""

from __future__ import annotations

import math

from hive.kg.access import GraphAccess
from hive.kg.schema import PREFIX, RANK_BUCKET, buckets, ranking_node, results_ranking_node
from hive.selection.funnel import Funnel
from hive.selection.query import Spec, best_values_query, candidates_query, double, profiles_passing

Row = dict[str, object]


def top(graph: GraphAccess, spec: Spec, funnel: Funnel, k: int) -> list[Row]:
    """The k best admissible candidates (fewer when fewer are admissible), best first."""
    if funnel.admissible == 0:
        return []
    if spec.ordering is None:  # no list is in this order (smallest, then by likes or downloads): rank them all
        return graph.select(candidates_query(spec, f"?model hive:task {spec.task_node} .", admissible_only=True, limit=k))
    if few_admissible(funnel, k):
        return _direct(graph, spec, k)
    if spec.ordering == "results":
        return _benchmark_walk(graph, spec, k, min(k, funnel.admissible))
    return _walk(graph, spec, k, funnel.admissible, funnel.candidates)


def few_admissible(funnel: Funnel, k: int) -> bool:
    """Whether reading the admissible models is cheaper than a walk, which reads about k / share positions."""
    return funnel.admissible <= max(RANK_BUCKET, math.isqrt(k * funnel.candidates))


def _walk(graph: GraphAccess, spec: Spec, k: int, admissible: int, length: int) -> list[Row]:
    """Down the task's list in the ranking's order: first the buckets that should hold k admissible models
    (twice the positions that k take at the admissible share), then a bucket at a time."""
    assert spec.ordering is not None
    plan = list(buckets(length))
    reach = 2 * k * length / admissible
    first = next((i for i, (_bucket, _start, end) in enumerate(plan) if end >= reach), len(plan) - 1)
    found: list[Row] = []
    for group in [plan[: first + 1]] + [[part] for part in plan[first + 1:]]:
        nodes = " ".join(str(ranking_node(spec.task, spec.ordering, bucket)) for bucket, _start, _end in group)
        source = f"VALUES ?bucket {{ {nodes} }} ?model hive:ranked ?bucket ."
        found += graph.select(candidates_query(spec, source, admissible_only=True, limit=k - len(found)))
        if len(found) >= min(k, admissible):
            break
    return found


def _direct(graph: GraphAccess, spec: Spec, k: int) -> list[Row]:
    """The admissible models ranked from the members of the profiles that admit them."""
    shared = [c for c in spec.checks if not c.per_model]
    members = f"{profiles_passing(spec, shared)}\n  ?model hive:profile ?profile ."
    if spec.benchmark is None:
        return graph.select(candidates_query(spec, members, admissible_only=True, limit=k))
    values = graph.select(best_values_query(spec, f"{members} ?model hive:result ?result ."))
    return _ranked(graph, spec, {str(r["model"]): float(r["value"]) for r in values}, k)


def _ranked(graph: GraphAccess, spec: Spec, values: dict[str, float], k: int) -> list[Row]:
    """The k best admissible of the models given with their benchmark values."""
    if not values:
        return []
    pairs = " ".join(f"(<{model}> {double(value)})" for model, value in values.items())
    return graph.select(candidates_query(spec, f"VALUES (?model ?value) {{ {pairs} }}", admissible_only=True, limit=k))


def _benchmark_walk(graph: GraphAccess, spec: Spec, k: int, wanted: int) -> list[Row]:
    assert spec.benchmark is not None
    lower = spec.benchmark.lower_is_better
    better = min if lower else max
    lists = [(dataset.value, metric.value) for dataset in spec.benchmark.datasets for metric in spec.benchmark.metrics]
    best: dict[str, float] = {}
    bucket = 0
    while True:
        nodes = " ".join(str(results_ranking_node(spec.task, dataset, metric, bucket)) for dataset, metric in lists)
        worst = [float(r["worst"]) for r in graph.select(PREFIX + f"SELECT ?worst WHERE {{ VALUES ?bucket {{ {nodes} }} ?bucket hive:boundary ?worst }}")]
        if not worst:  # every list is read to its end: every value is known
            return _ranked(graph, spec, best, k)
        source = f"VALUES ?bucket {{ {nodes} }} ?result hive:ranked ?bucket . ?model hive:result ?result ."
        for row in graph.select(best_values_query(spec, source)):
            model, value = str(row["model"]), float(row["value"])
            best[model] = better(value, best.get(model, value))
        limit = better(worst)  # no unread result is better than this
        placed = {m: v for m, v in best.items() if v != limit and better(v, limit) == v}
        found = _ranked(graph, spec, placed, k)
        if len(found) >= wanted:
            return found
        bucket += 1
