"""Selection from the builder's indexes (counts from profiles, the best from ranked lists) answers as the
explanation that judges every candidate does: same winners, runners-up, counts per constraint and reasons."""

from __future__ import annotations

import gzip
import json
import random

import pyoxigraph
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hive.contracts import Constraints, Direction
from hive.kg.access import LocalGraph, open_graph
from hive.kg.store import snapshot_path
from hive.selection import ranking
from hive.selection.constraints import Benchmark
from hive.selection.select import Selection, Selector
from hive.selection.vocabulary import Vocabulary
from kg_builder.build import build
from kg_builder.index_facts import read_facts
from kg_builder.indexes import index_ntriples
from kg_builder.sources import JsonlSource

TASKS = ["automatic-speech-recognition", "summarization", "token-classification", "text-classification",
         "image-classification", "question-answering", "image-to-text", "text-generation", "translation"]
BENCHMARKS = [Benchmark(dataset="common voice", metric="wer"), Benchmark(dataset="librispeech", metric="wer"),
              Benchmark(dataset="common_voice", config="en", metric="cer"), Benchmark(dataset="xsum", metric="rouge"),
              Benchmark(dataset="samsum", metric="rouge-1"), Benchmark(dataset="squad_v2", metric="f1"),
              Benchmark(dataset="beans", metric="accuracy"), Benchmark(dataset="imagenet", metric="wer")]
CROWDED = [Benchmark(dataset="common voice", metric="wer"), Benchmark(dataset="librispeech", metric="wer"),
           Benchmark(dataset="librispeech clean", metric="wer"), Benchmark(dataset="xsum", metric="rouge"), Benchmark(dataset="samsum", metric="rouge2")]
# the strategies of ranking.top: the walk down a ranked list, or the admissible models of the admitting profiles
STRATEGIES = {"walk": lambda funnel, k: False, "direct": lambda funnel, k: True}


def _cards(count: int, seed: int = 3) -> list[dict]:
    """Speech and summarisation cards whose results crowd a few benchmarks: lists of several buckets beside
    short ones, value ranges that overlap, tied values; downloads, likes and sizes tie too."""
    rng = random.Random(seed)
    # (dataset, config, metric): (share of the task's cards with such a result, lowest value, highest value)
    benchmarks = {
        "automatic-speech-recognition": {("common_voice", "en", "wer"): (0.6, 1, 30), ("common_voice_11_0", "en", "wer"): (0.08, 12, 16),
                                         ("common_voice", "de", "cer"): (0.3, 1, 9), ("librispeech_asr", "clean", "wer"): (0.5, 2, 8),
                                         ("librispeech_asr", "other", "wer"): (0.1, 5, 6)},
        "summarization": {("xsum", "", "rouge1"): (0.5, 20, 45), ("xsum", "", "rougeL"): (0.3, 30, 33), ("samsum", "", "rouge2"): (0.4, 10, 30)},
    }
    cards = []
    for number in range(count):
        task = rng.choice(sorted(benchmarks))
        results = [{"task": {"type": task}, "dataset": {"type": dataset, "config": config, "split": rng.choice(["test", "validation"])},
                    "metrics": [{"type": metric, "value": float(rng.randint(low, high))}]}
                   for (dataset, config, metric), (share, low, high) in benchmarks[task].items() if rng.random() < share]
        meta = {"license": rng.choice(["apache-2.0", "mit", "cc-by-nc-4.0", "gpl-3.0", "openrail"]), "language": [rng.choice(["en", "de"])],
                "model-index": [{"name": "m", "results": results}]}
        cards.append({"id": f"org{number % 7}/model-{number}", "pipeline_tag": task, "downloads": rng.choice([0, 10, 1000, 1000, 50_000]),
                      "likes": rng.randint(0, 3), "meta": meta, "description": f"A model with {rng.choice([30, 60, 300, 1500])}M parameters."})
    return cards


@pytest.fixture(scope="module")
def crowded(tmp_path_factory) -> LocalGraph:
    """A graph built by the builder, indexes included, whose lists and profiles span several buckets."""
    folder = tmp_path_factory.mktemp("crowded")
    (folder / "cards.jsonl").write_text("".join(json.dumps(card) + "\n" for card in _cards(700)))
    build([JsonlSource(folder / "cards.jsonl")], folder / "kg", with_store=False)
    return open_graph(str(folder / "kg"))


@pytest.fixture(scope="module")
def indexed_snapshot() -> LocalGraph:
    """The shipped graph with the selection indexes the builder adds to larger graphs."""
    store = pyoxigraph.Store()
    store.bulk_load(gzip.decompress(snapshot_path().read_bytes()), format=pyoxigraph.RdfFormat.N_TRIPLES)
    for ntriples in index_ntriples(read_facts(store.quads_for_pattern(None, None, None))):
        store.bulk_load(ntriples, format=pyoxigraph.RdfFormat.N_TRIPLES)
    return LocalGraph(store, "indexed snapshot")


def constraint_sets(benchmarks: list[Benchmark]) -> st.SearchStrategy[Constraints]:
    return st.builds(
        Constraints,
        licences=st.lists(st.sampled_from(["apache-2.0", "mit", "permissive", "non-commercial", "cc-by-4.0", "openrail"]), max_size=2, unique=True),
        deny_licences=st.lists(st.sampled_from(["non-commercial", "copyleft", "gpl-3.0"]), max_size=1),
        max_parameters=st.one_of(st.none(), st.sampled_from([50_000_000, 120_000_000, 400_000_000, 2_000_000_000])),
        max_bytes=st.one_of(st.none(), st.sampled_from([300_000_000, 2_000_000_000])),
        smallest=st.booleans(),
        best_on=st.one_of(st.none(), st.sampled_from(benchmarks)),
        languages=st.lists(st.sampled_from(["en", "de", "fr"]), max_size=1),
        min_downloads=st.one_of(st.none(), st.sampled_from([0, 1000, 100_000])),
        local_only=st.sampled_from([False, False, False, True]),
        rank_by=st.sampled_from([None, None, "downloads", "likes"]),
        reads_text=st.sampled_from([None, True, False]),
        translation=st.one_of(st.none(), st.builds(Direction, into=st.sampled_from(["en", "de", "ja"]),
                                                   source=st.sampled_from([None, "en", "fr", "es"]), stated=st.booleans())),
    )


def _answer(selection: Selection) -> dict:
    """Everything a selection says except the per-candidate rejection table, rejection counts in funnel order."""
    return {**selection.model_dump(exclude={"rejected"}), "rejected_by": list(selection.rejected_by.items())}


def _same_answer_as_explained(graph: LocalGraph, task: str, constraints: Constraints, top: int) -> None:
    """The indexed answer, with and without the rejection table, against one query judging every candidate."""
    indexed, everyone = Selector(graph, top=top), Selector(graph, top=top, use_indexes=False)
    assert indexed.indexed and not everyone.indexed
    answered, explained = indexed.select(task, constraints), indexed.select(task, constraints, explain=True)
    judged = everyone.select(task, constraints, explain=True)
    assert _answer(answered) == _answer(explained) == _answer(judged)
    assert answered.rejected == {}
    assert explained.rejected == judged.rejected
    assert len(judged.rejected) == sum(judged.rejected_by.values())


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(task=st.sampled_from(TASKS), constraints=constraint_sets(BENCHMARKS), top=st.sampled_from([0, 3, 40]))
def test_on_the_shipped_graph_the_indexed_answer_is_the_explanation_s(indexed_snapshot, monkeypatch, strategy, task, constraints, top):
    monkeypatch.setattr(ranking, "few_admissible", STRATEGIES[strategy])
    _same_answer_as_explained(indexed_snapshot, task, constraints, top)


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(task=st.sampled_from(["automatic-speech-recognition", "summarization"]), constraints=constraint_sets(CROWDED), top=st.sampled_from([0, 3, 40]))
def test_on_crowded_lists_the_indexed_answer_is_the_explanation_s(crowded, monkeypatch, strategy, task, constraints, top):
    monkeypatch.setattr(ranking, "few_admissible", STRATEGIES[strategy])
    _same_answer_as_explained(crowded, task, constraints, top)


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@pytest.mark.parametrize("top", [0, 1, 3, 10])
@pytest.mark.parametrize("benchmark", CROWDED)
def test_ties_on_the_benchmark_rank_by_the_other_keys(crowded, monkeypatch, strategy, top, benchmark):
    """Crowded lists hold many models of one value: which of them win is up to downloads, likes and ids."""
    monkeypatch.setattr(ranking, "few_admissible", STRATEGIES[strategy])
    task = "summarization" if benchmark.dataset in ("xsum", "samsum") else "automatic-speech-recognition"
    _same_answer_as_explained(crowded, task, Constraints(best_on=benchmark), top)


def test_a_graph_without_indexes_is_explained_in_full():
    """The shipped snapshot carries no indexes (677 models are judged in a millisecond): every selection judges
    every candidate, and names the rejected ones only when asked."""
    selector = Selector(open_graph())
    wanted = Constraints(licences=["permissive"], max_parameters=400_000_000)
    assert not selector.indexed
    answered, explained = selector.select("token-classification", wanted), selector.select("token-classification", wanted, explain=True)
    assert answered.rejected == {} and _answer(answered) == _answer(explained)
    assert explained.rejected and set(explained.rejected.values()) <= {"licence in permissive family", "a recorded size", "at most 400,000,000 parameters"}


def test_counts_come_from_profiles_not_from_each_candidate(indexed_snapshot):
    """The indexed answer reads a few profiles and one bucket of a list: far fewer rows than candidates."""
    seen: list[int] = []

    class Counting(LocalGraph):
        def select(self, query: str) -> list[dict[str, object]]:
            found = super().select(query)
            seen.append(len(found))
            return found

    graph = Counting(indexed_snapshot.store, "counting")
    names = Vocabulary(indexed_snapshot)  # licence names resolved beforehand, as a long-running planner has them
    selection = Selector(graph, vocabulary=names).select("automatic-speech-recognition", Constraints(licences=["permissive"]))
    assert selection.model and selection.candidates > 20
    assert sum(seen) <= 1 + 1 + 4  # the index probe, the funnel's sums, the winner and three runners-up
