"""Execution: the paper's output metric "O" on the dev set, executor overhead per step, parallel speed-up.

Usage: python benchmarks/bench_execution.py [REQUESTS.jsonl]

O: among the requests whose gold tasks all have offline models, the fraction whose run completes
with every step's output of the expected modality. Files the requests name (which do not exist)
are replaced by the shipped example of the same kind.
Overhead: a step's wall time minus the time its snippet ran (process start, argument mapping, saving).
Speed-up: two independent transcriptions, in parallel vs one at a time.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from hive.execution.executor import Executor
from hive.execution.offline import offline_models
from hive.kg.access import open_graph
from hive.pipeline import Planner
from hive.understanding.parsing import locate_values

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = {"audio": ROOT / "examples" / "meeting.wav", "image": ROOT / "examples" / "traffic-light.png",
            "text": ROOT / "examples" / "article.txt"}
SUFFIXES = {"text": (".txt", ".json"), "audio": (".wav",), "image": (".png",)}


def with_examples(query: str) -> str | None:
    """The query with each file replaced by a shipped example of its kind (None if there is none)."""
    from hive.understanding.inputs import modality_of_path

    for _start, _end, path in locate_values(query).files:
        example = EXAMPLES.get(modality_of_path(path))
        if example is None:
            return None
        query = query.replace(path, str(example))
    return query


def runnable_offline(items: list[dict]) -> list[dict]:
    """The requests whose gold tasks all have offline models installed here."""
    offline_tasks = {m.task for m in offline_models().values() if not m.missing_packages()}
    return [i for i in items if {t["task"] for t in i["tasks"]} <= offline_tasks]


def output_metric(items: list[dict], planner: Planner, executor: Executor, runs: Path) -> None:
    eligible = runnable_offline(items)
    passed, step_times, overheads = 0, [], []
    for item in eligible:
        query = with_examples(item["query"])
        if query is None:
            print(f"  {item['id']}: no example input of the right kind")
            continue
        plan = planner.plan(query)
        started = time.perf_counter()
        record = executor.run(plan, runs)
        wall = time.perf_counter() - started
        ok = record.status == "complete" and all(
            s.output and s.output.endswith(SUFFIXES[step.outputs[0]]) for s, step in zip(record.steps, plan.tasks)
        )
        passed += ok
        step_times += [s.seconds for s in record.steps]
        overheads.append(wall - sum(s.seconds for s in record.steps))
        print(f"  {item['id']}: {record.status}, {'ok' if ok else 'WRONG OUTPUT'} ({wall:.1f} s) {item['query'][:60]}")
    print(f"O = {passed}/{len(eligible)} = {passed / len(eligible):.2f} of the requests whose tasks all have offline models"
          f" ({len(eligible)} of {len(items)} requests)")
    print(f"executor overhead per run (wall time minus snippet time): p50 {statistics.median(overheads):.2f} s;"
          f" snippet time per step p50 {statistics.median(step_times):.2f} s")


def speed_up(planner: Planner, runs: Path) -> None:
    copy = runs / "second.wav"
    copy.write_bytes(EXAMPLES["audio"].read_bytes())
    plan = planner.plan(f"Transcribe {EXAMPLES['audio']} and transcribe {copy}")
    timings = {}
    for parallel in (1, 2):
        started = time.perf_counter()
        Executor(open_graph(), parallel=parallel).run(plan, runs)
        timings[parallel] = time.perf_counter() - started
    print(f"two independent steps: one at a time {timings[1]:.1f} s, in parallel {timings[2]:.1f} s, speed-up {timings[1] / timings[2]:.2f}x")


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "bench" / "muse-dev.jsonl"
    items = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    planner = Planner()
    with tempfile.TemporaryDirectory() as tmp:
        output_metric(items, planner, Executor(open_graph()), Path(tmp))
        speed_up(planner, Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
