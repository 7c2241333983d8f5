"""Planning latency: p50/p95 per stage over a request set, per engine, and the CLI's cold start.

Usage: python benchmarks/bench_planning.py [REQUESTS.jsonl] [--engines pyperplan,up-pyperplan,...] [--repeat N]

REQUESTS defaults to ../shared/bench/muse-dev.jsonl when present, else tests/data/heldout.jsonl.
Each request is planned once to warm up, then N times; the CLI is started 5 times.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench_cold import QUERY, cold_run

from hive.pipeline import Planner
from hive.planning.engines import ENGINES

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SETS = [ROOT.parent / "shared" / "bench" / "muse-dev.jsonl", ROOT / "tests" / "data" / "heldout.jsonl"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def load_queries(path: Path) -> list[str]:
    return [json.loads(line)["query"] for line in path.read_text().splitlines() if line.strip()]


def bench_engine(engine: str, queries: list[str], repeat: int) -> dict[str, list[float]]:
    planner = Planner(engine=engine)
    for query in queries:
        planner.plan_or_error(query)
    samples: dict[str, list[float]] = {}
    for _ in range(repeat):
        for query in queries:
            start = time.perf_counter()
            result = planner.plan_or_error(query)
            total = (time.perf_counter() - start) * 1000
            if result.error:
                continue
            for stage, ms in result.timings_ms.items():
                samples.setdefault(stage, []).append(ms)
            samples.setdefault("total", []).append(total)
    return samples


def bench_cold_start(runs: int = 5) -> list[float]:
    """Milliseconds of `runs` fresh `hive plan` processes on a warm cache folder (bench_cold.py has the details)."""
    with tempfile.TemporaryDirectory() as cache:
        cold_run(QUERY, Path(cache), None)  # builds the snapshot's cached store
        return [cold_run(QUERY, Path(cache), None)[0] * 1000 for _ in range(runs)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("requests", nargs="?", type=Path)
    parser.add_argument("--engines", default="pyperplan,up-pyperplan,lapkt-bfws,fast-downward")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    path = args.requests or next(p for p in DEFAULT_SETS if p.exists())
    queries = load_queries(path)
    print(f"{len(queries)} requests from {path}, {args.repeat} rounds after warm-up\n")
    print(f"{'engine':<15}{'stage':<12}{'p50 ms':>10}{'p95 ms':>10}{'n':>6}")
    baseline = None
    for engine in args.engines.split(","):
        if engine not in ENGINES:
            print(f"{engine}: unknown engine, skipped")
            continue
        try:
            samples = bench_engine(engine, queries, args.repeat if engine != "fast-downward" else 1)
        except Exception as exc:  # an optional engine that is not installed
            print(f"{engine}: skipped ({exc})")
            continue
        for stage, values in samples.items():
            print(f"{engine:<15}{stage:<12}{percentile(values, 50):>10.2f}{percentile(values, 95):>10.2f}{len(values):>6}")
        p50 = percentile(samples["plan"], 50)
        baseline = baseline or p50
        print(f"{engine:<15}{'plan / default engine p50 ratio':<32}{p50 / baseline:>6.1f}x\n")
    cold = bench_cold_start()
    print(f"CLI cold start (`hive plan ... --json`, {len(cold)} runs): p50 {statistics.median(cold):.0f} ms, max {max(cold):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
