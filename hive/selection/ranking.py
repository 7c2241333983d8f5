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
MAX_BUCKETS = 24  # a list of 16 * 2**24 results would have more


def top(graph: GraphAccess, spec: Spec, funnel: Funnel, k: int) -> list[Row]:
    """The k best admissible candidates (fewer when fewer are admissible), best first."""
    if funnel.admissible == 0:
        return []
    if spec.ordering is None:  # no list is in this order (smallest, then by likes or downloads): rank them all
        return graph.select(candidates_query(spec, f"?model hive:task {spec.task_node} .", admissible_only=True, limit=k))
    if few_admissible(funnel, k):
        return _direct(graph, spec, k)
    if spec.ordering == "results":
        return _benchmark_walk(graph, spec, k, funnel.admissible)
    return _walk(graph, spec, k, funnel.admissible, funnel.candidates)


def few_admissible(funnel: Funnel, k: int) -> bool:
    """Whether reading the admissible models is cheaper than a walk, which reads about k / share positions."""
    return funnel.admissible <= max(RANK_BUCKET, math.isqrt(k * funnel.candidates))


def _rounds(length: int, k: int, admissible: int) -> list[list[int]]:
    """The buckets of a list of `length` read per query: first those that should hold k admissible models
    (twice the positions k take at the admissible share), then one at a time."""
    plan = list(buckets(length))
    reach = 2 * k * length / admissible
    first = next((i for i, (_bucket, _start, end) in enumerate(plan) if end >= reach), len(plan) - 1)
    return [[bucket for bucket, _start, _end in plan[: first + 1]]] + [[bucket] for bucket, _start, _end in plan[first + 1:]]


def _walk(graph: GraphAccess, spec: Spec, k: int, admissible: int, length: int) -> list[Row]:
    """Down the task's list in the ranking's order, keeping admissible models until there are k."""
    assert spec.ordering is not None
    found: list[Row] = []
    for group in _rounds(length, k, admissible):
        nodes = " ".join(str(ranking_node(spec.task, spec.ordering, bucket)) for bucket in group)
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
    """The k best admissible of the models given with their benchmark values. A model ranks after every model
    of a better value whatever its other facts, so the best-valued are judged first (4k of them, with their
    ties), then four times as many, until k are admissible or all are judged."""
    assert spec.benchmark is not None
    ordered = sorted(values.items(), key=lambda item: item[1], reverse=not spec.benchmark.lower_is_better)
    size = 4 * k
    while True:
        cut = min(size, len(ordered))
        while 0 < cut < len(ordered) and ordered[cut][1] == ordered[cut - 1][1]:
            cut += 1
        pairs = " ".join(f"(<{model}> {double(value)})" for model, value in ordered[:cut])
        found = graph.select(candidates_query(spec, f"VALUES (?model ?value) {{ {pairs} }}", admissible_only=True, limit=k)) if pairs else []
        if len(found) >= k or cut == len(ordered):
            return found
        size *= 4


def _benchmark_walk(graph: GraphAccess, spec: Spec, k: int, admissible: int) -> list[Row]:
    """Down the benchmark's result lists side by side, placing each model once no unread result can beat its best."""
    assert spec.benchmark is not None
    better = min if spec.benchmark.lower_is_better else max
    lists = [(dataset.value, metric.value) for dataset in spec.benchmark.datasets for metric in spec.benchmark.metrics]
    worst = _boundaries(graph, spec.task, lists)  # (list, bucket) -> the worst value in that bucket
    if not worst:
        return []
    length = RANK_BUCKET * (2 ** (max(bucket for _list, bucket in worst) + 1) - 1)  # the longest list's, at most
    best: dict[str, float] = {}
    for group in _rounds(length, k, admissible):
        nodes = " ".join(str(results_ranking_node(spec.task, *lists[i], b)) for i, b in worst if b in group)
        source = f"VALUES ?bucket {{ {nodes} }} ?result hive:ranked ?bucket . ?model hive:result ?result ."
        for row in graph.select(best_values_query(spec, source)):
            model, value = str(row["model"]), float(row["value"])
            best[model] = better(value, best.get(model, value))
        unread = [value for (i, b), value in worst.items() if b == group[-1] and (i, b + 1) in worst]
        if not unread:  # every list is read to its end
            return _ranked(graph, spec, best, k)
        limit = better(unread)  # no unread result is better than this
        found = _ranked(graph, spec, {m: v for m, v in best.items() if v != limit and better(v, limit) == v}, k)
        if len(found) >= min(k, admissible):
            return found
    return _ranked(graph, spec, best, k)


def _boundaries(graph: GraphAccess, task: str, lists: list[tuple[str, str]]) -> dict[tuple[int, int], float]:
    """(list number, bucket) -> the worst value in that bucket, for every bucket the lists have."""
    nodes = {str(results_ranking_node(task, dataset, metric, bucket)): (i, bucket)
             for i, (dataset, metric) in enumerate(lists) for bucket in range(MAX_BUCKETS)}
    found = graph.select(PREFIX + f"SELECT ?bucket ?worst WHERE {{ VALUES ?bucket {{ {' '.join(nodes)} }} ?bucket hive:boundary ?worst }}")
    return {nodes[f"<{row['bucket']}>"]: float(row["worst"]) for row in found}
