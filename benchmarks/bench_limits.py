"""Planning time at the documented limits: every request up to the size cap plans or fails in one line.

Usage: python benchmarks/bench_limits.py [--seed 0] [--count 60] [--json OUT]

Builds requests at and past the limits a server enforces (4,000 characters, 48 clauses, 12 steps): long
chains of tasks, clauses that ask for nothing, pasted text with and without quotes, a wall of task
words, many file names, deep pronoun chains, random words; plans each with the default understander
and selection (as `hive plan` and `POST /plan` do) and prints p50 / p95 / max seconds, the share within
2 s, and how many planned, failed with one line, or failed otherwise (a traceback would be a bug).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from hive.pipeline import Planner

MAX_CHARS = 4000  # hive serve's query limit (ServeSettings.max_query_chars)
TASK_ASKS = ["transcribe ./a.wav", "summarise it", "translate that into German", "read it aloud", "draw a picture of it",
             "caption ./p.jpg", "find the people in it", "classify the sentiment", "answer 'who came?' from it",
             "estimate the depth of ./p.jpg", "segment ./q.png", "make a short video of it", "detect the cars in ./c.jpg"]
IDLE = ["hello there", "thanks a lot", "my boss asked me", "it is for tomorrow", "no rush", "as usual", "by the way"]
WORDS = ("audio picture text summary translate speech video image label question answer table document transcript voice "
         "draw depth segment detect classify entity german french sound noise clean the a of to and then also it").split()


def requests_at_the_limits(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """(kind, request) pairs, each at most MAX_CHARS characters."""
    makers = {
        "chain of asks": lambda: ", then ".join(rng.choice(TASK_ASKS) for _ in range(60)),
        "chain of 8 asks": lambda: ", then ".join(rng.sample(TASK_ASKS, 8)),
        "40 idle clauses": lambda: ". ".join(rng.choice(IDLE) for _ in range(40)) + ". Transcribe ./a.wav.",
        "pasted article": lambda: "Summarise this: " + " ".join(rng.choice(WORDS) for _ in range(700)),
        "quoted article": lambda: 'Translate "' + " ".join(rng.choice(WORDS) for _ in range(650)) + '" into French',
        "task-word salad": lambda: " ".join(rng.choice(WORDS) for _ in range(700)),
        "many files": lambda: "Transcribe " + ", ".join(f"./clips/c{n}.wav" for n in range(300)),
        "pronoun chain": lambda: "Caption ./p.jpg" + "".join(f", then {rng.choice(['translate it', 'summarise it', 'rewrite it'])}"
                                                               for _ in range(40)),
        "commas only": lambda: ", ".join(rng.choice(WORDS) for _ in range(900)),
    }
    kinds = sorted(makers)
    made = []
    for n in range(count):
        kind = kinds[n % len(kinds)]
        made.append((kind, makers[kind]()[:MAX_CHARS]))
    return made


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=64)
    parser.add_argument("--json", help="write the per-request timings here")
    args = parser.parse_args()
    planner = Planner()
    planner.plan_or_error("Transcribe ./a.wav")  # load the encoder and the graph once, as a running server has
    rows = []
    for kind, request in requests_at_the_limits(random.Random(args.seed), args.count):
        started = time.perf_counter()
        try:
            result = planner.plan_or_error(request)
            outcome = "failed in one line" if result.error and "\n" not in result.error else "planned" if not result.error else "other"
        except Exception as exc:  # noqa: BLE001 - counted, not hidden
            outcome = f"exception {type(exc).__name__}"
        rows.append({"kind": kind, "chars": len(request), "seconds": time.perf_counter() - started, "outcome": outcome})
    seconds = sorted(r["seconds"] for r in rows)
    print(f"{len(rows)} requests at the limits (up to {MAX_CHARS} characters): p50 {statistics.median(seconds):.2f} s, "
          f"p95 {seconds[round(0.95 * (len(seconds) - 1))]:.2f} s, max {seconds[-1]:.2f} s; "
          f"within 2 s: {sum(s <= 2.0 for s in seconds) / len(seconds):.0%}")
    for kind in sorted({r["kind"] for r in rows}):
        mine = [r for r in rows if r["kind"] == kind]
        outcomes = {o: sum(r["outcome"] == o for r in mine) for o in sorted({r["outcome"] for r in mine})}
        print(f"  {kind:16s} max {max(r['seconds'] for r in mine):.2f} s  {outcomes}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)
    return 0 if all(not r["outcome"].startswith(("exception", "other")) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
