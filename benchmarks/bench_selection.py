"""Model selection latency per step: p50/p99 on the shipped C-KG and on a synthetic catalogue.

Usage: python benchmarks/bench_selection.py [--models 100000] [--graph DIR] [--memory] [--runs 200]

Each case is one (task, constraints) selection as `hive plan` runs it per step. On the synthetic graph
(built by the builder, selection indexes included) each case is measured three ways:
- answer: the winner, runners-up and counts per constraint, from the indexes (what `hive plan` runs);
- explain: the same plus each rejected candidate's failing constraint (`--explain`);
- judge all: one query judging and ranking every candidate (the selection before the indexes); its winners,
  runners-up and counts must be the answer's.
`--graph DIR` keeps the built graph there and reuses it on later runs (a million cards take minutes to
build); the graph is opened as `hive plan --kg DIR` opens it (the on-disk store, read-only), or with
`--memory` loaded into an in-memory store from its N-Triples.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pyoxigraph

from hive.contracts import Constraints
from hive.kg.access import GraphAccess, LocalGraph, open_graph
from hive.selection.constraints import Benchmark
from hive.selection.select import Selection, Selector
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


@dataclass
class Timing:
    """Percentiles in ms of wall time and of this process's CPU time (the CPU time does not count the waits a
    busy machine adds), and the last answer."""

    p50: float
    p99: float
    cpu_p50: float
    cpu_p99: float
    answer: Selection


def _percentile(times: list[float], share: float) -> float:
    return sorted(times)[int(share * (len(times) - 1))]


def timed(run: Callable[[], Selection], runs: int) -> Timing:
    """`runs` calls, after one warm-up call."""
    answer = run()
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        answer = run()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return Timing(statistics.median(wall), _percentile(wall, 0.99), statistics.median(cpu), _percentile(cpu, 0.99), answer)


def same(a: Selection, b: Selection) -> bool:
    """The same winner, runners-up, counts per constraint and reasons."""
    return a.model_dump(exclude={"rejected"}) == b.model_dump(exclude={"rejected"})


def measure_shipped(runs: int) -> None:
    """The shipped snapshot carries no indexes (677 models): every selection judges every candidate."""
    graph = open_graph()
    vocabulary = Vocabulary(graph)
    print(f"{'case':<28}{'p50 ms':>9}{'p99 ms':>9}{'candidates':>12}")
    for name, (task, constraints) in CASES.items():
        answer = timed(lambda: Selector(graph, vocabulary=vocabulary).select(task, constraints), runs)
        print(f"{name:<28}{answer.p50:>9.2f}{answer.p99:>9.2f}{answer.answer.candidates:>12}")


def measure_indexed(graph: GraphAccess, runs: int, explain_runs: int) -> None:
    """Names (licences, benchmarks) are resolved once per graph, as in a long-running planner; every run uses a
    fresh selector, so no answer comes from its cache. Every case's answers are timed before any judging of
    all candidates: after such a scan of the whole store, this process's answers stay a third slower."""
    vocabulary = Vocabulary(graph)
    answers = {name: timed(lambda: Selector(graph, vocabulary=vocabulary).select(task, constraints), runs)
               for name, (task, constraints) in CASES.items()}
    print(f"{'case':<28}{'answer p50/p99 ms':>18}{'(CPU p99)':>10}{'explain p50/p99 ms':>20}{'judge all ms':>13}{'ratio':>7}"
          f"{'candidates':>11}{'rejected':>9}  same as judge all")
    for name, (task, constraints) in CASES.items():
        answer = answers[name]
        explained = timed(lambda: Selector(graph, vocabulary=vocabulary).select(task, constraints, explain=True), explain_runs)
        judged = timed(lambda: Selector(graph, vocabulary=vocabulary, use_indexes=False).select(task, constraints, explain=True), 1)
        agree = (same(answer.answer, judged.answer) and same(explained.answer, judged.answer)
                 and explained.answer.rejected == judged.answer.rejected)
        print(f"{name:<28}{answer.p50:>8.2f} /{answer.p99:>7.2f}{answer.cpu_p99:>10.2f}{explained.p50:>10.0f} /{explained.p99:>7.0f}"
              f"{judged.p50:>13.0f}{judged.p50 / answer.p50:>6.0f}x{answer.answer.candidates:>11}{len(explained.answer.rejected):>9}"
              f"  {'yes' if agree else 'NO'}: {answer.answer.model}")


def synthetic_graph(models: int, folder: Path) -> Path:
    """The builder's graph of `models` synthetic cards in `folder`, built unless it is there already."""
    if (folder / "store").is_dir():
        print(f"reusing the graph in {folder}")
        return folder
    from kg_builder.build import build
    from kg_builder.sources import JsonlSource

    with tempfile.TemporaryDirectory() as tmp:
        cards = Path(tmp) / "cards.jsonl"
        synthetic_cards(models, cards)
        report = build([JsonlSource(cards)], folder, with_store=True)
    print(f"built {report.models:,} models into {folder} in {report.seconds:.0f} s")
    return folder


def opened(folder: Path, memory: bool) -> GraphAccess:
    if not memory:
        return open_graph(str(folder))
    store = pyoxigraph.Store()
    start = time.perf_counter()
    store.bulk_load(path=str(folder / "ckg.nt"), format=pyoxigraph.RdfFormat.N_TRIPLES)
    print(f"loaded into memory in {time.perf_counter() - start:.0f} s")
    return LocalGraph(store, str(folder))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=int, default=100_000, help="synthetic cards to build a graph from")
    parser.add_argument("--graph", type=Path, help="keep the synthetic graph in this directory, and reuse it when it is there")
    parser.add_argument("--memory", action="store_true", help="query an in-memory store loaded from the graph's N-Triples")
    parser.add_argument("--runs", type=int, default=200, help="answers timed per case (explanations: a tenth)")
    args = parser.parse_args()
    print("shipped snapshot (677 models, no selection indexes):")
    measure_shipped(args.runs)
    with tempfile.TemporaryDirectory() as tmp:
        folder = synthetic_graph(args.models, args.graph or Path(tmp) / "kg")
        graph = opened(folder, args.memory)
        print(f"\nsynthetic catalogue ({folder}, {'in-memory' if args.memory else 'on-disk, read-only'} store):")
        measure_indexed(graph, args.runs, max(1, args.runs // 10))
    return 0


if __name__ == "__main__":
    sys.exit(main())
