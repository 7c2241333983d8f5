"""Constraints honoured: plan the frozen constraint requests and check each step's model against the truth.

Usage:
  python benchmarks/bench_constraints.py [--requests FILE] [--truth FILE] [--show-misses]
  python benchmarks/bench_constraints.py --requests benchmarks/data/dev-constraints.jsonl \
      --truth benchmarks/data/dev-constraints-truth.jsonl --show-misses      # the set we tune on

The truth (`benchmarks/data/frozen-constraints-truth.jsonl`) is computed from the raw card dump by the
independent script `benchmarks/constraint_truth.py` (run first when the file is missing or older than the script
or the requests; it needs `../shared/data/p0_models.jsonl`). A step is honoured when the plan has a step of that task and
- the truth says no model is admissible, and the plan reports the step unsatisfiable (no model); or
- the chosen model is admissible and, when a ranking constraint applies (smallest, best on a benchmark,
  most downloaded, most liked), among the optimal ones.
It prints the share honoured over all steps, by constraint kind and by scope, the misses counted by cause
(no plan, task not planned, a model chosen for an impossible step, no model, an inadmissible model, not the
best ranked), and ms per request.
`--show-misses` lists the misses: use it on sets you may tune on, never on the frozen one.
`--from-labels` skips reading: each labelled step gets a model under the labelled constraints (a translation
under its labelled languages), so the share is what selection and the graph's facts allow a perfect reader. The
gap between the two runs is what understanding loses; the gap below 1.0 here is where HIVE's selection or its
facts differ from the truth's (sizes measured from weight files or estimated from a name, splits read from
metric names, translation models whose card states the direction first), which no reading can close.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

from hive.contracts import ConstraintSet, Constraints
from hive.pipeline import Planner, translation_needs
from hive.selection.constraints import Benchmark

ROOT = Path(__file__).resolve().parents[1]
REQUESTS = ROOT / "benchmarks" / "data" / "frozen-constraints.jsonl"
TRUTH = ROOT / "benchmarks" / "data" / "frozen-constraints-truth.jsonl"


def honoured(step_truth: dict, planned: list) -> bool:
    """Whether a step of the plan with the truth's task got a model the truth allows."""
    steps = [s for s in planned if s.task == step_truth["task"] or s.pipeline_tag == step_truth["task"]]
    if not steps:
        return False
    if step_truth["unsatisfiable"]:
        return any(s.model is None and s.unsatisfiable for s in steps)
    optimal = step_truth.get("optimal")
    return any(s.model in step_truth["admissible"] and (optimal is None or s.model in optimal) for s in steps)


def miss_cause(step_truth: dict, result) -> str:
    """Why a step was not honoured, in a word or three: what reading went wrong, not which request."""
    if result.error:
        return "no plan"
    steps = [s for s in result.tasks if s.task == step_truth["task"] or s.pipeline_tag == step_truth["task"]]
    if not steps:
        return "task not planned"
    if step_truth["unsatisfiable"]:
        return "impossible, a model chosen"
    if all(s.model is None for s in steps):
        return "no model (constraint misread)"
    if not any(s.model in step_truth["admissible"] for s in steps):
        return "inadmissible model"
    return "not the best ranked"


def labelled_constraints(labels: list[dict]) -> ConstraintSet:
    """The labelled constraints of a request as HIVE's constraint set (a benchmark's split is said among its dataset's
    words, as people say it; a metric named without a dataset is not a benchmark it can hold: that label is left out)."""
    data: dict[str, dict] = {}
    for label in labels:
        target = data.setdefault("global" if label["scope"] == "all" else label["scope"], {})
        kind = label["kind"]
        if kind in ("licence_allow", "licence_deny"):
            target.setdefault("licences" if kind == "licence_allow" else "deny_licences", []).extend(label["licences"])
        elif kind == "language":
            target.setdefault("languages", []).append(label["language"])
        elif kind == "best_on":
            if label.get("dataset"):
                target["best_on"] = Benchmark(dataset=" ".join(filter(None, (label["dataset"], label.get("split")))),
                                               config=label.get("config"), metric=label.get("metric"))
        else:
            field, value = {"max_params": ("max_parameters", label.get("max")), "smallest": ("smallest", True),
                            "most_downloaded": ("rank_by", "downloads"), "most_liked": ("rank_by", "likes"),
                            "min_downloads": ("min_downloads", label.get("min"))}[kind]
            target[field] = value
    return ConstraintSet(all_tasks=Constraints(**data.pop("global", {})), per_task={t: Constraints(**c) for t, c in data.items()})


def plan_from_labels(planner: Planner, request: dict) -> SimpleNamespace:
    """The labelled steps, each with the model HIVE selects under the labelled constraints and, for a translation, the
    labelled languages as the pipeline would take them (what `honoured` and `miss_cause` read of a plan)."""
    tasks, constraints = request["tasks"], labelled_constraints(request["constraints"])
    needs = [translation_needs(t["target"], t.get("source")) if t.get("target") else Constraints() for t in tasks]
    chosen = planner.selector.select_for_steps([(t["task"], n) for t, n in zip(tasks, needs)], constraints)
    steps = [SimpleNamespace(task=t["task"], pipeline_tag=t["task"], model=c.model, unsatisfiable=c.unsatisfiable)
             for t, c in zip(tasks, chosen)]
    return SimpleNamespace(error=None, tasks=steps, constraints=constraints.to_dict())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=Path, default=REQUESTS)
    parser.add_argument("--truth", type=Path, default=TRUTH)
    parser.add_argument("--show-misses", action="store_true")
    parser.add_argument("--from-labels", action="store_true", help="select under the labelled steps and constraints, reading nothing")
    args = parser.parse_args()
    script = ROOT / "benchmarks" / "constraint_truth.py"
    if not args.truth.exists() or args.truth.stat().st_mtime < max(script.stat().st_mtime, args.requests.stat().st_mtime):
        subprocess.run([sys.executable, str(script), "--requests", str(args.requests),
                        "--out", str(args.truth)], check=True, stdout=subprocess.DEVNULL)
    truth = {t["id"]: t for t in map(json.loads, args.truth.read_text(encoding="utf-8").splitlines())}
    requests = [json.loads(line) for line in args.requests.read_text(encoding="utf-8").splitlines() if line.strip()]
    planner = Planner()
    planner.plan_or_error("Transcribe ./a.wav")  # warm-up: encoder, detector, graph
    by_kind, by_scope, times, misses = {}, {}, [], []
    total, causes = Counter(), Counter()
    for request in requests:
        start = time.perf_counter()
        result = plan_from_labels(planner, request) if args.from_labels else planner.plan_or_error(request["query"], request["id"])
        times.append((time.perf_counter() - start) * 1000)
        for step in truth[request["id"]]["steps"]:
            ok = honoured(step, result.tasks)
            total["n"] += 1
            total["ok"] += ok
            applying = [c for c in request["constraints"] if c["scope"] in ("all", step["task"])]
            for constraint in applying:
                scope = "global" if constraint["scope"] == "all" else "per-step"
                for key, table in ((constraint["kind"], by_kind), (scope, by_scope)):
                    table.setdefault(key, Counter()).update({"n": 1, "ok": ok})
            if not ok:
                causes[miss_cause(step, result)] += 1
                chosen = [(s.task, s.model) for s in result.tasks]
                misses.append(f"{request['id']} {step['task']}: chose {chosen} {result.error or ''} | optimal {step.get('optimal')} "
                              f"| unsatisfiable {step['unsatisfiable']} | read {result.constraints}")
    print(f"steps honoured: {total['ok']}/{total['n']} = {total['ok'] / total['n']:.3f}   "
          f"plan p50 {statistics.median(times):.1f} ms")
    for title, table in (("by constraint kind", by_kind), ("by scope", by_scope)):
        print(f"  {title}: " + ", ".join(f"{k} {c['ok']}/{c['n']}" for k, c in sorted(table.items())))
    print("  misses by cause: " + (", ".join(f"{cause} {n}" for cause, n in causes.most_common()) or "none"))
    if args.show_misses:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
