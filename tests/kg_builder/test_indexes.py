"""The selection indexes a build adds: profiles that group the models every check sees alike, and ranked
lists in the selection query's own order."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from hive.contracts import Constraints
from hive.kg.access import LocalGraph, open_graph
from hive.kg.schema import PREFIX, buckets, ranking_node
from hive.selection.query import selection_spec
from hive.selection.vocabulary import Vocabulary
from kg_builder.build import build
from kg_builder.index_facts import IndexColumns, read_facts
from kg_builder.indexes import IndexTable
from kg_builder.sources import JsonlSource

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_kg import synthetic_cards  # noqa: E402  (the benchmarks' synthetic catalogue)

TASK = "automatic-speech-recognition"


@pytest.fixture(scope="module")
def graph(tmp_path_factory) -> LocalGraph:
    folder = tmp_path_factory.mktemp("indexed")
    synthetic_cards(1500, folder / "cards.jsonl")
    build([JsonlSource(folder / "cards.jsonl")], folder / "kg", with_store=False)
    return open_graph(str(folder / "kg"))


def test_buckets_cover_a_list_in_doubling_parts():
    parts = list(buckets(100))
    assert parts == [(0, 0, 16), (1, 16, 48), (2, 48, 100)]
    assert list(buckets(0)) == []


def test_every_model_of_a_task_is_in_one_profile_that_counts_it(graph):
    tasks = graph.select(PREFIX + "SELECT ?task (COUNT(?model) AS ?models) WHERE { ?model hive:task ?task } GROUP BY ?task")
    for kind in ("profileOf", "baseProfileOf"):
        profiles = graph.select(PREFIX + f"SELECT ?task (SUM(?n) AS ?members) (COUNT(?p) AS ?profiles) WHERE {{ ?p hive:{kind} ?task ; hive:members ?n }} GROUP BY ?task")
        assert {r["task"]: r["models"] for r in tasks} == {r["task"]: r["members"] for r in profiles}
        assert all(r["profiles"] < r["members"] for r in profiles)  # profiles group models: fewer profiles than models
    coarser = graph.select(PREFIX + """SELECT ?task (COUNT(DISTINCT ?p) AS ?profiles) (COUNT(DISTINCT ?b) AS ?base) WHERE {
        ?p hive:profileOf ?task . ?b hive:baseProfileOf ?task } GROUP BY ?task""")
    assert all(r["base"] < r["profiles"] for r in coarser)  # without benchmark keys, fewer groups
    linked = graph.select(PREFIX + "SELECT ?model (COUNT(?p) AS ?n) WHERE { ?model hive:task ?task . ?model hive:profile ?p . ?p hive:profileOf ?task } GROUP BY ?model")
    assert {r["n"] for r in linked} == {1}
    strangers = graph.select(PREFIX + "SELECT ?p WHERE { ?p hive:profileOf ?task ; hive:representative ?model . FILTER NOT EXISTS { ?model hive:profile ?p } }")
    assert strangers == []


def test_the_models_of_a_profile_share_every_checked_fact(graph):
    facts = graph.select(PREFIX + """SELECT ?p (COUNT(DISTINCT ?licence) AS ?licences) (COUNT(DISTINCT ?params) AS ?sizes)
        (COUNT(DISTINCT ?dataset) AS ?datasets) (COUNT(DISTINCT ?model) AS ?models) WHERE {
          ?model hive:profile ?p ; dcterms:license ?licence ; hive:parameterCount ?params .
          OPTIONAL { ?model hive:result ?r . ?r hive:onDataset ?dataset } } GROUP BY ?p""")
    assert facts and all(r["licences"] == 1 and r["sizes"] == 1 and r["datasets"] <= 1 for r in facts)
    assert any(r["models"] > 1 for r in facts)


@pytest.mark.parametrize("constraints, ordering", [(Constraints(), "popular"), (Constraints(rank_by="downloads"), "downloads"),
                                                   (Constraints(rank_by="likes"), "likes"), (Constraints(smallest=True), "smallest")])
def test_each_list_is_in_the_order_of_the_selection_query(graph, constraints, ordering):
    spec = selection_spec(TASK, constraints, Vocabulary(graph))
    ranked = graph.select(PREFIX + f"""SELECT ?id WHERE {{ ?model hive:task {spec.task_node} ; dcterms:identifier ?id .
        OPTIONAL {{ ?model hive:downloads ?downloads }} OPTIONAL {{ ?model hive:likes ?likes }} OPTIONAL {{ ?model hive:availableOffline ?offline }}
        OPTIONAL {{ ?model hive:parameterCount ?params }} OPTIONAL {{ ?model hive:sizeBytes ?bytes }} }} ORDER BY {spec.order}""")
    stored = []
    for bucket, start, end in buckets(len(ranked)):
        members = graph.select(PREFIX + f"SELECT ?id WHERE {{ ?model hive:ranked {ranking_node(TASK, ordering, bucket)} ; dcterms:identifier ?id }}")
        assert sorted(r["id"] for r in members) == sorted(r["id"] for r in ranked[start:end]), (ordering, bucket)
        stored += members
    assert len(stored) == len(ranked) > 32  # three buckets at least


def test_result_lists_run_from_the_best_value_and_each_bucket_records_its_worst(tmp_path):
    values = random.Random(5).sample(range(1, 200), 40)
    cards = [{"id": f"org/m{i}", "pipeline_tag": TASK, "meta": {"model-index": [{"name": "m", "results": [
        {"task": {"type": TASK}, "dataset": {"type": "librispeech_asr"}, "metrics": [{"type": metric, "value": value}]}
        for metric in ("wer", "accuracy")]}]}, "description": ""} for i, value in enumerate(values)]
    (tmp_path / "cards.jsonl").write_text("".join(json.dumps(card) + "\n" for card in cards))
    build([JsonlSource(tmp_path / "cards.jsonl")], tmp_path / "kg", with_store=False)
    for metric, best_first in (("wer", sorted(values)), ("accuracy", sorted(values, reverse=True))):
        found = open_graph(str(tmp_path / "kg")).select(PREFIX + f"""SELECT ?bucket ?worst ?v WHERE {{
            ?r hive:metric <metric/{metric}> ; hive:ranked ?bucket ; hive:value ?v . ?bucket hive:boundary ?worst }}""")
        by_bucket: dict[str, set[float]] = {}
        for row in found:
            by_bucket.setdefault(str(row["bucket"]).rsplit("/", 1)[-1], set()).add(row["v"])
        assert by_bucket == {str(b): set(best_first[start:end]) for b, start, end in buckets(40)}
        assert {(str(r["bucket"]).rsplit("/", 1)[-1], r["worst"]) for r in found} == {(str(b), best_first[end - 1]) for b, start, end in buckets(40)}


def test_a_build_without_indexes_has_none(tmp_path):
    synthetic_cards(50, tmp_path / "cards.jsonl")
    build([JsonlSource(tmp_path / "cards.jsonl")], tmp_path / "kg", with_store=False, indexes=False)
    assert b"#profile" not in (tmp_path / "kg" / "ckg.nt").read_bytes()


def test_a_piece_of_the_indexes_does_not_depend_on_the_order_of_the_models(graph):
    """An update compares the indexes piece by piece, byte for byte: a piece must say the same bytes whatever
    order the state holds its models in (an update puts the rebuilt ones last)."""
    facts = read_facts(graph.store.quads_for_pattern(None, None, None))
    columns = IndexColumns.of_facts(facts, [model.id for model in facts.models.values()])
    shuffled = np.array(random.Random(3).sample(range(len(columns.ids)), len(columns.ids)))
    assert _written(IndexTable(columns)) == _written(IndexTable(columns.take(shuffled)))


def _written(table: IndexTable) -> dict[str, dict[str, tuple[str, str]]]:
    """Task -> node -> the piece's digest and text."""
    return {task: {p.node: (p.digest, p.text()) for p in pieces} for task, pieces in table.by_task()}


def test_a_bucket_whose_members_move_within_it_says_the_same_bytes(graph):
    """Two models of one bucket swap their download counts: the bucket's piece is the same, byte for byte."""
    facts = read_facts(graph.store.quads_for_pattern(None, None, None))
    columns = IndexColumns.of_facts(facts, [model.id for model in facts.models.values()])
    task, pieces = next(iter(_written(IndexTable(columns)).items()))
    node = max((n for n in pieces if "/downloads/" in n), key=lambda n: int(n.rstrip(">").rsplit("/", 1)[-1]))
    members = [columns.subjects.index(line.split(" ", 1)[0]) for line in pieces[node][1].splitlines()]
    first, second = members[0], members[-1]
    assert columns.numbers[first, 0] != columns.numbers[second, 0]
    columns.numbers[[first, second], 0] = columns.numbers[[second, first], 0]
    assert _written(IndexTable(columns))[task][node] == pieces[node]


def test_a_piece_whose_members_change_changes_its_digest(graph):
    """An update copies a piece whose digest is the previous build's: a bucket that loses one member and gains
    another of the same count must say so in its digest."""
    facts = read_facts(graph.store.quads_for_pattern(None, None, None))
    columns = IndexColumns.of_facts(facts, [model.id for model in facts.models.values()])
    task, pieces = next(iter(_written(IndexTable(columns)).items()))
    top = min((n for n in pieces if "/downloads/" in n), key=lambda n: int(n.rstrip(">").rsplit("/", 1)[-1]))
    inside = columns.subjects.index(pieces[top][1].split(" ", 1)[0])
    columns.numbers[inside, 0] = -1  # drops to the bottom of the list: the next model moves up into the bucket
    moved = _written(IndexTable(columns))[task][top]
    assert moved[1] != pieces[top][1] and moved[0] != pieces[top][0]
