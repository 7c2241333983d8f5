"""The streamed build: cards read while chunks are built, every chunk's triples in ckg.nt and the store,
shared nodes described by the first card that mentions them, sorted output on request."""

from __future__ import annotations

import json
from pathlib import Path

import pyoxigraph
import pytest

from kg_builder.build import Outputs, build
from kg_builder.external_sort import sort_lines
from kg_builder.sharding import Sharding
from kg_builder.sources import JsonlSource
from kg_builder.store_loader import StoreLoader

TASKS = ["automatic-speech-recognition", "summarization", "translation", "text-classification"]


def card(number: int, **meta) -> dict:
    task = TASKS[number % len(TASKS)]
    return {"id": f"org{number % 7}/model-{number}", "pipeline_tag": task, "downloads": number, "likes": number % 5,
            "meta": {"license": ["apache-2.0", "mit", "bsd"][number % 3], "tags": [f"arxiv:2101.{10000 + number % 50}"], **meta},
            "description": f"A model with {30 + number % 9}M parameters.\n\n```python\nfrom transformers import pipeline\n"
                           f"p = pipeline('{task}', model='org/m{number}')\n```\n"}


def write_cards(path: Path, cards: list[dict]) -> Path:
    path.write_text("".join(json.dumps(c) + "\n" for c in cards), encoding="utf-8")
    return path


def store_lines(folder: Path) -> list[bytes]:
    store = pyoxigraph.Store.read_only(str(folder))
    return sorted(pyoxigraph.serialize(store.quads_for_pattern(None, None, None, pyoxigraph.DefaultGraph()),
                                       format=pyoxigraph.RdfFormat.N_QUADS).splitlines())


class CountingSource(JsonlSource):
    """A dump that counts the cards it has handed out."""

    handed = 0

    def cards(self, known=None):
        for item in super().cards(known):
            self.handed += 1
            yield item


@pytest.mark.parametrize("workers", [1, 2])
def test_chunks_are_built_while_the_cards_are_still_being_read(tmp_path, workers):
    source = CountingSource(write_cards(tmp_path / "cards.jsonl", [card(n) for n in range(400)]))
    read_at_first_result = []
    build([source], tmp_path / "kg", shards=Sharding(workers, chunk=20), outputs=Outputs(turtle=False, snippet_files=False),
          progress=lambda models: read_at_first_result.append(source.handed))
    assert source.handed == 400
    assert read_at_first_result[0] <= 20 * (2 * workers + 1)  # the chunks out at a time, and the one being cut


def test_the_store_holds_exactly_the_n_triples_and_a_sharded_build_writes_the_same_bytes(tmp_path):
    cards = write_cards(tmp_path / "cards.jsonl", [card(n) for n in range(300)])
    single = build([JsonlSource(cards)], tmp_path / "single", outputs=Outputs(turtle=False))
    sharded = build([JsonlSource(cards)], tmp_path / "sharded", shards=Sharding(2, chunk=16), outputs=Outputs(turtle=False))
    ntriples = (tmp_path / "single" / "ckg.nt").read_bytes()
    assert ntriples == (tmp_path / "sharded" / "ckg.nt").read_bytes()
    assert store_lines(tmp_path / "single" / "store") == sorted(ntriples.splitlines())
    assert single.triples == sharded.triples == len(ntriples.splitlines())
    assert (single.models, single.licences, single.tasks) == (300, 3, 4)


def test_the_store_loader_loads_every_batch_and_reports_a_bad_one(tmp_path):
    lines = [f"<http://example.org/s{n}> <http://example.org/p> \"{n}\" .\n".encode() for n in range(500)]
    loader = StoreLoader(tmp_path / "store", batch_bytes=2000)  # about thirty batches
    for line in lines:
        loader.add(line)
    loader.close()
    assert len(pyoxigraph.Store.read_only(str(tmp_path / "store"))) == 500
    # compacted into a few files: each batch's overlap the others', and a lookup would read every one of them
    assert len(list((tmp_path / "store").glob("*.sst"))) <= 6
    broken = StoreLoader(tmp_path / "broken", batch_bytes=10)
    broken.add(b"<http://example.org/s> <http://example.org/p> \"unclosed .\n")
    with pytest.raises(SyntaxError):
        broken.close()
    assert not broken.thread.is_alive()


@pytest.mark.parametrize("chunk", [1, 500])
def test_a_shared_node_is_described_as_the_first_card_in_the_sources_describes_it(tmp_path, chunk):
    """Two cards name one dataset differently, and state one licence by two hub ids: the first card wins,
    whether the two are in one chunk or not."""
    def asr(number: int, licence: str, dataset_name: str) -> dict:
        index = [{"results": [{"task": {"type": "automatic-speech-recognition"}, "metrics": [{"type": "wer", "value": 3.1}],
                               "dataset": {"type": "librispeech_asr", "name": dataset_name}}]}]
        return {**card(number), "pipeline_tag": "automatic-speech-recognition", "meta": {"license": licence, "model-index": index}}

    first, second, others = asr(0, "bsd", "LibriSpeech (clean)"), asr(1, "bsd-3-clause", "LibriSpeech (other)"), [card(n) for n in range(2, 5)]
    for cards, name, hub_id in (([first, *others, second], "LibriSpeech (clean)", "bsd"),
                                ([second, *others, first], "LibriSpeech (other)", "bsd-3-clause")):
        out = tmp_path / f"kg-{hub_id}"
        build([JsonlSource(write_cards(tmp_path / "cards.jsonl", cards))], out, shards=Sharding(chunk=chunk),
              outputs=Outputs(store=False, turtle=False, snippet_files=False))
        graph = (out / "ckg.nt").read_text(encoding="utf-8")
        assert f'<https://w3id.org/hive/ckg/dataset/librispeech_asr> <http://schema.org/name> "{name}" .' in graph
        assert graph.count("<https://w3id.org/hive/ckg/dataset/librispeech_asr> <http://schema.org/name>") == 1
        assert f'<https://w3id.org/hive/ckg/license/BSD-3-Clause> <https://w3id.org/hive/ckg#hubId> "{hub_id}" .' in graph


def test_a_sorted_build_writes_the_same_triples_in_byte_order_and_no_state(tmp_path):
    cards = write_cards(tmp_path / "cards.jsonl", [card(n) for n in range(60)])
    build([JsonlSource(cards)], tmp_path / "plain", outputs=Outputs(store=False, turtle=False, snippet_files=False))
    build([JsonlSource(cards)], tmp_path / "sorted", outputs=Outputs(store=False, turtle=False, snippet_files=False, sort=True))
    plain = (tmp_path / "plain" / "ckg.nt").read_bytes().splitlines(keepends=True)
    ordered = (tmp_path / "sorted" / "ckg.nt").read_bytes().splitlines(keepends=True)
    assert ordered == sorted(plain) != plain
    assert (tmp_path / "plain" / "state").is_dir() and not (tmp_path / "sorted" / "state").exists()


def test_the_external_sort_merges_many_runs(tmp_path):
    lines = [f"<http://example.org/{(n * 7919) % 1000:04d}> <p> \"{n}\" .\n".encode() for n in range(1000)]
    path = tmp_path / "lines.nt"
    path.write_bytes(b"".join(lines))
    sort_lines(path, run_bytes=1500)  # about thirty runs
    assert path.read_bytes().splitlines(keepends=True) == sorted(lines)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lines.nt"]


def test_outputs_are_optional_and_turtle_holds_the_same_graph(tmp_path):
    cards = write_cards(tmp_path / "cards.jsonl", [card(n) for n in range(20)])
    build([JsonlSource(cards)], tmp_path / "full")
    build([JsonlSource(cards)], tmp_path / "lean", outputs=Outputs(store=False, turtle=False, snippet_files=False))
    assert sorted(p.name for p in (tmp_path / "full").iterdir()) == ["ckg.nt", "ckg.ttl", "report.json", "snippets", "state", "store"]
    assert sorted(p.name for p in (tmp_path / "lean").iterdir()) == ["ckg.nt", "report.json", "state"]
    turtle = pyoxigraph.serialize(pyoxigraph.parse(path=str(tmp_path / "full" / "ckg.ttl")), format=pyoxigraph.RdfFormat.N_TRIPLES)
    assert sorted(turtle.splitlines()) == sorted((tmp_path / "lean" / "ckg.nt").read_bytes().splitlines())
    assert len(list((tmp_path / "full" / "snippets").rglob("*.py"))) == 20
