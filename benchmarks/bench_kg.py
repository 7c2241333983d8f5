"""C-KG builder throughput and scale: cards/s on the real dump, then a synthetic catalogue.

Usage: python benchmarks/bench_kg.py [--models 100000] [--dump ../shared/data/p0_models.jsonl] [--workers 2]

Prints: build throughput on the real dump; for the synthetic catalogue: triples, build time, store
size on disk, and a typical selection query's p50/p99 (task + licence family + size, ranked by a
benchmark value) on the in-memory store and on the on-disk store; then the synthetic build again
sharded over `--workers` local processes, with its speed-up and a check that the graph is identical.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pyoxigraph

from hive.kg.schema import PREFIX
from hive.planning.library import load_library
from kg_builder.build import build
from kg_builder.sharding import Sharding
from kg_builder.sources import JsonlSource

ROOT = Path(__file__).resolve().parents[1]
LICENCES = ["apache-2.0"] * 5 + ["mit"] * 3 + ["cc-by-nc-4.0", "openrail++", "gpl-3.0", "other", "creativeml-openrail-m"]
DATASETS = [("librispeech_asr", "clean", "wer"), ("common_voice", "en", "wer"), ("squad_v2", "", "f1"),
            ("glue", "sst2", "accuracy"), ("xsum", "", "rouge1"), ("conll2003", "", "f1"), ("imagenet-1k", "", "accuracy")]
# Written most-selective-first (the benchmark's results, then their models): oxigraph joins in the
# written order, and starting from the task's models instead is 5x slower at 100,000 models.
SELECTION = PREFIX + """
SELECT ?id ?value ?params WHERE {
  ?result hive:onDataset <dataset/librispeech_asr> ; hive:value ?value .
  ?model hive:result ?result ; hive:task <task/automatic-speech-recognition> ;
         hive:parameterCount ?params ; dcterms:license ?licence ; dcterms:identifier ?id .
  FILTER(?params < 500000000)
  FILTER(?licence IN (<license/Apache-2.0>, <license/MIT>,
                      <license/CC0-1.0>))
} ORDER BY ?value LIMIT 5
"""


def synthetic_cards(count: int, path: Path, seed: int = 7) -> None:
    """A catalogue shaped like the hub's: tasks evenly spread, a licence mix, results on a fifth of the
    models (speech models on speech benchmarks), a size in every card's text."""
    rng = random.Random(seed)
    tasks = sorted({a.pipeline_tag for a in load_library().actions.values()})
    with path.open("w") as out:
        for number in range(count):
            task = rng.choice(tasks)
            size = rng.choice([30, 60, 110, 300, 770, 1500])
            meta = {"license": rng.choice(LICENCES), "language": ["en"], "datasets": [rng.choice(DATASETS)[0]], "tags": [f"arxiv:2{rng.randint(100, 399)}.{rng.randint(10000, 99999)}"]}
            if rng.random() < 0.2:
                dataset, config, metric = rng.choice(DATASETS[:2] if task == "automatic-speech-recognition" else DATASETS[2:])
                meta["model-index"] = [{"name": "m", "results": [{"task": {"type": task}, "dataset": {"type": dataset, "config": config, "split": "test"},
                                                                   "metrics": [{"type": metric, "value": round(rng.uniform(1, 60), 2)}]}]}]
            body = f"A model with {size}M parameters.\n\n```python\nfrom transformers import pipeline\np = pipeline('{task}', model='org/m{number}')\n```\n"
            out.write(json.dumps({"id": f"org{number % 997}/model-{number}", "pipeline_tag": task, "downloads": rng.randint(0, 10**6),
                                  "likes": rng.randint(0, 500), "meta": meta, "description": body}) + "\n")


def timed_queries(store: pyoxigraph.Store, runs: int = 200) -> tuple[float, float]:
    list(store.query(SELECTION))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        list(store.query(SELECTION))
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.99 * (len(times) - 1))]


def directory_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=int, default=100_000)
    parser.add_argument("--dump", type=Path, default=ROOT.parent / "shared" / "data" / "p0_models.jsonl")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if args.dump.exists():
            report = build([JsonlSource(args.dump)], tmp / "real", with_store=True)
            print(f"real dump: {report.models} cards in {report.seconds:.2f} s = {report.models / report.seconds:.0f} cards/s (store included)")
        synthetic = tmp / "synthetic.jsonl"
        synthetic_cards(args.models, synthetic)
        report = build([JsonlSource(synthetic)], tmp / "big", with_store=True)
        print(f"synthetic: {report.models} models, {report.triples} triples, built in {report.seconds:.1f} s "
              f"= {report.models / report.seconds:.0f} cards/s; store {directory_size(tmp / 'big' / 'store') / 2**20:.0f} MiB, "
              f"N-Triples {(tmp / 'big' / 'ckg.nt').stat().st_size / 2**20:.0f} MiB")
        start = time.perf_counter()
        memory = pyoxigraph.Store()
        memory.bulk_load((tmp / "big" / "ckg.nt").read_bytes(), format=pyoxigraph.RdfFormat.N_TRIPLES)
        print(f"load into memory: {time.perf_counter() - start:.2f} s")
        p50, p99 = timed_queries(memory)
        print(f"selection query, in-memory store: p50 {p50:.2f} ms, p99 {p99:.2f} ms")
        disk = pyoxigraph.Store.read_only(str(tmp / "big" / "store"))
        p50, p99 = timed_queries(disk)
        print(f"selection query, on-disk store:   p50 {p50:.2f} ms, p99 {p99:.2f} ms")
        sharded = build([JsonlSource(synthetic)], tmp / "sharded", with_store=True, shards=Sharding(args.workers))
        same = (tmp / "sharded" / "ckg.nt").read_bytes() == (tmp / "big" / "ckg.nt").read_bytes()
        print(f"sharded over {args.workers} processes: built in {sharded.seconds:.1f} s = {sharded.models / sharded.seconds:.0f} cards/s, "
              f"speed-up {report.seconds / sharded.seconds:.2f}x; identical graph: {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
