"""`hive plan` started cold: p50/p90 of N fresh processes, and their ratio to the goal.

Usage: python benchmarks/bench_cold.py [--runs 10] [--kg DIR] [--goal SECONDS] [--query TEXT]

Every run is a new `hive plan --json` process with its output discarded. The cache folder (HIVE_CACHE) is
a new temporary one: the first run builds the shipped snapshot's on-disk store there (once per machine),
and the modules' bytecode if it is missing (as Python does on a user's machine; PYTHONDONTWRITEBYTECODE, set
in some sandboxes, is dropped for these runs), and is reported apart; the next N runs open it. N more runs with a cache folder that cannot be written
show the fallback, which parses the snapshot into memory. With `--kg`, N runs on that graph. Wall time and the process's CPU time are both
printed, with the load average: on a shared machine the wall time is noisy, the CPU time much less so.
The goal is 0.5 s on the shipped snapshot and 1.5 s on a 1M-model graph (`--kg DIR --goal 1.5`).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUERY = "transcribe ./a.wav and summarise it"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def cold_run(query: str, cache: Path, kg: str | None) -> tuple[float, float]:
    """Wall and CPU seconds of one `hive plan` process."""
    command = [sys.executable, "-m", "hive.cli", "plan", query, "--json", *(["--kg", kg] if kg else [])]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(command, capture_output=True, check=True, env={**environment, "HIVE_CACHE": str(cache)})
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report(label: str, runs: list[tuple[float, float]], goal: float) -> None:
    wall, cpu = [w for w, _c in runs], [c for _w, c in runs]
    p50, p90 = percentile(wall, 0.5), percentile(wall, 0.9)
    print(f"{label:<44} wall p50 {p50:.3f} s, p90 {p90:.3f} s (p50/goal {p50 / goal:.2f}, p90/goal {p90 / goal:.2f}); "
          f"CPU p50 {percentile(cpu, 0.5):.3f} s; n={len(runs)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--kg", help="a graph directory from 'hive kg build' (default: the shipped snapshot)")
    parser.add_argument("--goal", type=float, default=0.5, help="seconds")
    parser.add_argument("--query", default=QUERY)
    args = parser.parse_args()
    print(f"`hive plan {args.query!r}`{' --kg ' + args.kg if args.kg else ''}; goal {args.goal} s; "
          f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        cache, unwritable = Path(tmp) / "cache", Path(tmp) / "a-file"
        unwritable.write_text("HIVE_CACHE names a file: nothing can be cached under it\n")
        if args.kg:  # a built graph opens its own on-disk store: the cache folder plays no part
            rows = [(f"graph {args.kg}", args.runs, cache)]
        else:
            rows = [("first run (builds the cached store)", 1, cache), ("cached store", args.runs, cache),
                    ("cache unwritable (parses the snapshot)", args.runs, unwritable)]
        for label, runs, folder in rows:
            report(label, [cold_run(args.query, folder, args.kg) for _ in range(runs)], args.goal)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
