"""Model selection latency per step: p50/p99 on the shipped C-KG and on a synthetic 100,000-model C-KG.

Usage: python benchmarks/bench_selection.py [--models 100000]

Each case is one (task, constraints) selection as `hive plan` runs it per step: a generated SPARQL
query returning every candidate with its per-constraint verdicts, ranked.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pyoxigraph

from hive.contracts import Constraints
from hive.kg.access import LocalGraph, open_graph
from hive.selection.constraints import Benchmark
from hive.selection.select import Selector
from hive.selection.vocabulary import Vocabulary

sys.path.insert(0, str(Path(__file__).parent))
from bench_kg import synthetic_cards  # noqa: E402  (the same synthetic catalogue as the builder benchmark)

CASES = {
    "default (popularity)": ("automatic-speech-recognition", Constraints()),
    "licence family": ("token-classification", Constraints(licences=["permissive"])),
    "smallest + size cap": ("automatic-speech-recognition", Constraints(smallest=True, max_parameters=500_000_000)),
    "best WER + licence + size": ("automatic-speech-recognition", Constraints(
        licences=["permissive"], max_parameters=500_000_000, best_on=Benchmark(dataset="librispeech", metric="wer"))),
    "unsatisfiable licence": ("automatic-speech-recognition", Constraints(licences=["deepseek"])),
}


def measure(graph, runs: int) -> None:
    """Licence and benchmark names are resolved once per graph (as in a long-running planner);
    every run uses a fresh selector, so no answer comes from its cache."""
    vocabulary = Vocabulary(graph)
    print(f"{'case':<28}{'p50 ms':>9}{'p99 ms':>9}{'candidates':>12}")
    for name, (task, constraints) in CASES.items():
        times = []
        for _ in range(runs):
            selector = Selector(graph, vocabulary=vocabulary)
            start = time.perf_counter()
            selection = selector.select(task, constraints)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        print(f"{name:<28}{statistics.median(times):>9.2f}{times[int(0.99 * (len(times) - 1))]:>9.2f}{selection.candidates:>12}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=int, default=100_000)
    args = parser.parse_args()
    print("shipped snapshot (673 models):")
    measure(open_graph(), runs=200)
    with tempfile.TemporaryDirectory() as tmp:
        from kg_builder.build import build
        from kg_builder.sources import JsonlSource

        cards = Path(tmp) / "cards.jsonl"
        synthetic_cards(args.models, cards)
        build([JsonlSource(cards)], Path(tmp) / "kg", with_store=False)
        store = pyoxigraph.Store()
        store.bulk_load((Path(tmp) / "kg" / "ckg.nt").read_bytes(), format=pyoxigraph.RdfFormat.N_TRIPLES)
        print(f"\nsynthetic catalogue ({args.models:,} models, in-memory store):")
        measure(LocalGraph(store, "synthetic"), runs=50)
    return 0


if __name__ == "__main__":
    sys.exit(main())
