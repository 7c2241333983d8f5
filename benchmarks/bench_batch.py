"""Batch engines: `hive batch` with the local engine vs Ray with 2 local workers, planning and running.

Usage: python benchmarks/bench_batch.py [REQUESTS.jsonl] [--workers 2]

Runs the dev requests whose tasks all have offline models (files replaced by the shipped examples, as
bench_execution.py does), once per engine, each into its own folder; prints the wall times, the
speed-up, and whether both engines produced the same plans and run statuses.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_execution import ROOT, runnable_offline, with_examples  # noqa: E402


def eligible_requests(path: Path) -> list[dict]:
    items = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    with_inputs = [(item["id"], with_examples(item["query"])) for item in runnable_offline(items)]
    return [{"id": request_id, "query": query} for request_id, query in with_inputs if query is not None]


def timed_batch(source: Path, folder: Path, *engine: str) -> tuple[float, dict]:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "hive.cli", "batch", str(source), "--out", str(folder / "out.jsonl"),
                    "--runs", str(folder / "runs"), *engine], check=True, capture_output=True)
    lines = [json.loads(line) for line in (folder / "out.jsonl").read_text().splitlines()]
    return time.perf_counter() - started, {l["id"]: ([(t["task"], t.get("model"), t["dep"]) for t in l["tasks"]], l["run"]["status"]) for l in lines}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("requests", nargs="?", type=Path, default=ROOT.parent / "shared" / "bench" / "muse-dev.jsonl")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        requests = eligible_requests(args.requests)
        source = folder / "in.jsonl"
        source.write_text("".join(json.dumps(r) + "\n" for r in requests))
        (folder / "local").mkdir()
        (folder / "ray").mkdir()
        local_seconds, local = timed_batch(source, folder / "local")
        ray_seconds, ray = timed_batch(source, folder / "ray", "--engine", "ray", "--workers", str(args.workers))
    statuses = sorted({status for _plan, status in local.values()})
    print(f"{len(requests)} requests planned and run; statuses: {statuses}")
    print(f"local engine {local_seconds:.1f} s; ray with {args.workers} local workers {ray_seconds:.1f} s "
          f"(Ray start-up included); speed-up {local_seconds / ray_seconds:.2f}x; same plans and statuses: {local == ray}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
